import { useForm } from '@inertiajs/react'
import { useRef, type ReactNode } from 'react'
import { Button } from '~/components/ui/button'
import { Field, FieldError, FormError, fieldProps } from '~/components/ui/field'
import { MAX_UPLOAD_SIZE } from '@shared/data_collection'

interface UploadCollection {
  id: number
  name: string
}

/**
 * The state of a data collection upload (the file, the collection, the delivery date and the
 * comments), kept by the page so that it can also show the problems of a refused file.
 */
export function useUploadForm(collections: UploadCollection[], today: string) {
  return useForm<{
    fileToUpload: File | null
    dataCollectionId: string
    additionalComments: string
    deliveryDate: string
  }>({
    fileToUpload: null,
    dataCollectionId: String(collections[0]?.id ?? ''),
    additionalComments: '',
    deliveryDate: today,
  })
}

/**
 * The upload of a completed data collection template (market data and research spend alike):
 * the collection (when more than one is open), the file, its delivery date and comments, posted
 * to `action`. `children` stand between the file and the delivery date (a page's report of the
 * problems found in a refused file).
 */
export function UploadForm({
  collections,
  form,
  action,
  children,
}: {
  collections: UploadCollection[]
  form: ReturnType<typeof useUploadForm>
  action: string
  children?: ReactNode
}) {
  const fileInput = useRef<HTMLInputElement>(null)
  const errors = form.errors as Record<string, string>
  return (
    <form
      className="space-y-4"
      aria-label="Upload the completed template"
      onSubmit={(event) => {
        event.preventDefault()
        form.post(action, {
          forceFormData: true,
          preserveScroll: true,
          onSuccess: () => {
            form.reset()
            if (fileInput.current) fileInput.current.value = ''
          },
        })
      }}
    >
      {collections.length > 1 ? (
        <div className="space-y-1">
          <label htmlFor="dataCollectionId" className="block text-sm font-medium text-slate-700">
            Data collection
          </label>
          <select
            {...fieldProps('dataCollectionId', errors.dataCollectionId)}
            name="dataCollectionId"
            value={form.data.dataCollectionId}
            onChange={(event) => form.setData('dataCollectionId', event.target.value)}
            className="block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-sm"
          >
            {collections.map((collection) => (
              <option key={collection.id} value={collection.id}>
                {collection.name}
              </option>
            ))}
          </select>
          <FieldError id="dataCollectionId" message={errors.dataCollectionId} />
        </div>
      ) : (
        <FormError message={errors.dataCollectionId} />
      )}

      <div className="space-y-1">
        <label htmlFor="fileToUpload" className="block text-sm font-medium text-slate-700">
          Completed template (.xlsx, up to {MAX_UPLOAD_SIZE.replace('mb', ' MB')})
        </label>
        <input
          ref={fileInput}
          {...fieldProps('fileToUpload', errors.fileToUpload)}
          name="fileToUpload"
          type="file"
          accept=".xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
          required
          onChange={(event) => form.setData('fileToUpload', event.target.files?.[0] ?? null)}
          className="block w-full min-w-0 text-sm text-slate-700 file:mr-3 file:rounded-md file:border-0 file:bg-brand-50 file:px-3 file:py-2 file:text-sm file:font-medium file:text-brand-700 hover:file:bg-brand-100"
        />
        <FieldError id="fileToUpload" message={errors.fileToUpload} />
      </div>

      {children}

      <Field
        label="Delivery date"
        name="deliveryDate"
        type="date"
        required
        value={form.data.deliveryDate}
        onChange={(event) => form.setData('deliveryDate', event.target.value)}
        error={errors.deliveryDate}
        hint="The date the figures in the file are valid on."
      />

      <div className="space-y-1">
        <label htmlFor="additionalComments" className="block text-sm font-medium text-slate-700">
          Additional comments <span className="font-normal text-slate-500">(optional)</span>
        </label>
        <textarea
          {...fieldProps('additionalComments', errors.additionalComments)}
          name="additionalComments"
          rows={3}
          maxLength={2000}
          value={form.data.additionalComments}
          onChange={(event) => form.setData('additionalComments', event.target.value)}
          className="block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-sm shadow-sm focus:border-brand-500 focus:ring-2 focus:ring-brand-100 focus:outline-none"
          placeholder="Anything our analysts should know about this file"
        />
        <FieldError id="additionalComments" message={errors.additionalComments} />
      </div>

      <Button type="submit" disabled={form.processing || !form.data.fileToUpload}>
        {form.processing ? 'Uploading…' : 'Upload file'}
      </Button>
    </form>
  )
}
