import { Link, useForm } from '@inertiajs/react'
import { AuthLayout } from '~/layouts/auth_layout'
import { Field } from '~/components/ui/field'
import { Button } from '~/components/ui/button'
import { PasswordFields } from '~/components/auth/password_fields'

export default function Register() {
  const form = useForm({ name: '', email: '', password: '', passwordConfirmation: '' })
  return (
    <AuthLayout
      title="Create an account"
      heading="Create your account"
      intro="For people whose firm lets colleagues join with their work address. Otherwise, use the link in your invitation mail."
    >
      <form
        className="space-y-5"
        onSubmit={(event) => {
          event.preventDefault()
          form.post('/register', {
            onFinish: () => form.reset('password', 'passwordConfirmation'),
          })
        }}
      >
        <Field
          label="Full name"
          name="name"
          autoComplete="name"
          required
          value={form.data.name}
          onChange={(event) => form.setData('name', event.target.value)}
          error={form.errors.name}
        />
        <Field
          label="Work email address"
          name="email"
          type="email"
          autoComplete="email"
          required
          value={form.data.email}
          onChange={(event) => form.setData('email', event.target.value)}
          error={form.errors.email}
        />
        <PasswordFields
          data={form.data}
          errors={form.errors}
          onChange={(field, value) => form.setData(field, value)}
        />
        <Button type="submit" className="w-full" disabled={form.processing}>
          Create account
        </Button>
        <p className="text-center text-sm text-slate-600">
          Already have an account?{' '}
          <Link href="/login" className="font-medium text-brand-600 hover:text-brand-700">
            Sign in
          </Link>
        </p>
      </form>
    </AuthLayout>
  )
}
