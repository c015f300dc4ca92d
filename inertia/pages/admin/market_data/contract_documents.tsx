import { Link, router, useForm } from '@inertiajs/react'
import { useRef } from 'react'
import { AdminShell, PageHeading } from '~/layouts/app_shell'
import { Button, secondaryLinkClass } from '~/components/ui/button'
import { Card } from '~/components/ui/card'
import { Field, FieldError, fieldProps } from '~/components/ui/field'
import { CONTRACT_DOCUMENT_MAX_MB } from '@shared/contracts'

interface Props {
  wizardTeam: { id: number; name: string }
  provider: { providerKey: string; name: string }
  contract: { id: number; reference: string; startDate: string; endDate: string }
  documents: {
    id: number
    title: string
    documentDate: string | null
    fileName: string
    fileSize: number
    uploadedBy: string
    uploadedAt: string
  }[]
}

export default function ContractDocuments({
  wizardTeam: team,
  provider,
  contract,
  documents,
}: Props) {
  const fileInput = useRef<HTMLInputElement>(null)
  const form = useForm<{ file: File | null; title: string; document_date: string }>({
    file: null,
    title: '',
    document_date: '',
  })
  const errors = form.errors as Record<string, string>
  return (
    <AdminShell title={`${contract.reference} documents`}>
      <PageHeading
        title={`Contract ${contract.reference}`}
        description={`${provider.name} for ${team.name} · ${contract.startDate} → ${contract.endDate}. The team's users can download these documents from their Benchmarks page.`}
        actions={
          <Link
            href={`/admin/market-data/teams/${team.id}/providers/${provider.providerKey}`}
            className={secondaryLinkClass}
          >
            Back to the contracts
          </Link>
        }
      />
      <div className="grid items-start gap-6 lg:grid-cols-[2fr_1fr]">
        <Card padding="none" className="overflow-hidden">
          {documents.length === 0 ? (
            <p className="p-6 text-sm text-slate-600">
              No document uploaded for this contract yet.
            </p>
          ) : (
            <ul className="divide-y divide-slate-100" aria-label="Documents">
              {documents.map((document) => (
                <li
                  key={document.id}
                  className="flex flex-wrap items-center justify-between gap-3 px-5 py-3"
                >
                  <div>
                    <a
                      href={`/admin/market-data/contract-documents/${document.id}`}
                      className="font-medium text-teal-800 hover:underline"
                    >
                      {document.title}
                    </a>
                    <p className="text-xs text-slate-500">
                      {document.documentDate ? `${document.documentDate} · ` : ''}
                      {document.fileName} · {Math.max(1, Math.round(document.fileSize / 1024))} KB ·
                      uploaded by {document.uploadedBy} on {document.uploadedAt.slice(0, 10)}
                    </p>
                  </div>
                  <Button
                    variant="ghost"
                    className="text-red-700"
                    onClick={() => {
                      if (window.confirm(`Delete "${document.title}"?`)) {
                        router.post(`/admin/market-data/contract-documents/${document.id}/delete`)
                      }
                    }}
                  >
                    Delete
                  </Button>
                </li>
              ))}
            </ul>
          )}
        </Card>
        <Card>
          <h2 className="mb-4 text-base font-semibold text-slate-900">Upload a signed contract</h2>
          <form
            className="space-y-4"
            onSubmit={(event) => {
              event.preventDefault()
              form.post(`/admin/market-data/contracts/${contract.id}/documents`, {
                forceFormData: true,
                onSuccess: () => {
                  form.reset()
                  if (fileInput.current) fileInput.current.value = ''
                },
              })
            }}
          >
            <div>
              <label htmlFor="contract-file" className="block text-sm font-medium text-slate-700">
                PDF (up to {CONTRACT_DOCUMENT_MAX_MB} MB; checked for scripts and embedded files)
              </label>
              <input
                ref={fileInput}
                {...fieldProps('contract-file', errors.file)}
                type="file"
                accept="application/pdf,.pdf"
                required
                onChange={(event) => form.setData('file', event.target.files?.[0] ?? null)}
                className="mt-1 block text-sm"
              />
              <FieldError id="contract-file" message={errors.file} />
            </div>
            <Field
              label="Title"
              value={form.data.title}
              onChange={(event) => form.setData('title', event.target.value)}
              error={errors.title}
              required
            />
            <Field
              label="Document date"
              type="date"
              value={form.data.document_date}
              onChange={(event) => form.setData('document_date', event.target.value)}
              error={errors.document_date}
            />
            <Button type="submit" disabled={!form.data.file || form.processing}>
              Upload
            </Button>
          </form>
        </Card>
      </div>
    </AdminShell>
  )
}
