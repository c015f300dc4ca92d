import { Dialog } from '~/components/ui/dialog'

const CARDS = [
  {
    title: 'Services & Output Data',
    paragraphs: [
      'The benchmarks, fair-price estimates, rate cards, peer comparisons and scenario results shown in the service ("Output Data") are estimates derived from data submitted by clients, from providers and from our own research. They are provided for information and to support your own negotiations and budgeting; they are not investment, legal or procurement advice and are not an offer or a quotation from any provider.',
      'Estimates assume a standard contract term of three years and ignore multi-product discounts, contract length variations, bundles and unique arrangements. Actual prices may differ materially. You remain responsible for the decisions you take using the Output Data.',
      'Output Data is confidential. It may be used within your firm for the purposes described in your agreement and may not be shared with research or data providers or with other third parties.',
    ],
  },
  {
    title: 'Liability',
    paragraphs: [
      'We take reasonable care in compiling the Output Data but do not warrant that it is complete, accurate or up to date, or that the service will be uninterrupted or error-free.',
      'To the fullest extent permitted by law, our total aggregate liability arising out of or in connection with the service, whether in contract, tort (including negligence) or otherwise, is limited to an amount equal to the fees paid by your firm for the service in the 12 months preceding the event giving rise to the claim. We are not liable for any loss of profits, business, goodwill or anticipated savings, or for any indirect or consequential loss.',
      'Nothing in this disclaimer limits liability that cannot be limited by law, including liability for fraud or for death or personal injury caused by negligence.',
    ],
  },
  {
    title: 'Analyst Mapping',
    paragraphs: [
      'Analyst mapping, headcount and coverage information is compiled from public sources, provider disclosures and client interactions. Movements between providers are recorded when they are observed and may be reported with a delay.',
      'Individual analysts are shown only in their professional capacity. Report any inaccuracy to support and we will review it promptly; do not use the information to contact or recruit individuals.',
    ],
  },
]

export function DisclaimerDialog({
  open,
  onOpenChange,
}: {
  open: boolean
  onOpenChange: (open: boolean) => void
}) {
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="Disclaimer"
      description="How to read and use the information in this service."
    >
      <div className="grid gap-4 md:grid-cols-3">
        {CARDS.map((card) => (
          <section key={card.title} className="rounded-lg border border-slate-200 bg-slate-50 p-4">
            <h3 className="text-sm font-semibold text-slate-900">{card.title}</h3>
            {card.paragraphs.map((paragraph) => (
              <p
                key={paragraph.slice(0, 24)}
                className="mt-2 text-xs leading-relaxed text-slate-700"
              >
                {paragraph}
              </p>
            ))}
          </section>
        ))}
      </div>
    </Dialog>
  )
}
