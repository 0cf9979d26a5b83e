// antd's CSS for the screens past /login, extracted at build time (antd-static-css.ts).
import 'virtual:antd-css/app.css';
import {
  publicQuoteAcceptInput,
  type PublicQuote,
  type PublicQuoteAccepted,
} from '@btp/shared/entities/public-quote';
import { formatEuro, parseMoney, parseQuantity } from '@btp/shared/money';
import { Alert, Button, Checkbox, Input } from 'antd';
import { useState, type FormEvent } from 'react';
import { useParams } from 'react-router';

import { FullPageMessage } from '../../../components/full-page-message';
import { ApiError, serverMessage } from '../../../lib/api';
import { formatDate, formatDateTime } from '../../../lib/format';
import { validateWith } from '../../../lib/zod-validation';
import { useAcceptPublicQuote } from '../api/accept-public-quote';
import { usePublicQuote } from '../api/get-public-quote';
import styles from './public-quote.module.css';
import { SignatureField } from './signature-field';

export const publicQuoteTexts = {
  pdf: 'Voir le devis (PDF)',
  signedPdf: 'Voir le devis signé (PDF)',
  formTitle: 'Bon pour accord',
  name: 'Nom',
  signature: 'Signature',
  terms:
    "J'accepte le devis et ses conditions (prix, validité et conditions de paiement) et donne mon « Bon pour accord » pour les travaux décrits.",
  submit: 'Signer et accepter',
  accepted: (at: string) => `Devis accepté le ${formatDateTime(at).replace(' ', ' à ')}`,
  thanks: (company: string) => `Merci. ${company} est prévenue de votre accord.`,
  unknownTitle: 'Lien introuvable',
  expiredTitle: 'Lien expiré',
  usedTitle: 'Devis déjà accepté',
  unavailableTitle: 'Devis indisponible',
  fallback:
    "Ce devis ne peut pas être affiché pour le moment. Réessayez dans quelques instants ou contactez l'entreprise qui vous l'a adressé.",
} as const;

const euro = (amount: string) => formatEuro(parseMoney(amount));
const quantity = (value: string) => new Intl.NumberFormat('fr-FR').format(parseQuantity(value) / 1000);
const rate = (value: string) => `${value.replace('.', ',').replace(/,00$/, '')} %`;

/** The page's title when the link is refused, from the API's answer. */
function refusalTitle(error: unknown): string {
  if (!(error instanceof ApiError)) return publicQuoteTexts.unavailableTitle;
  if (error.code === 'link_expired') return publicQuoteTexts.expiredTitle;
  if (error.status === 404) return publicQuoteTexts.unknownTitle;
  if (error.status === 409) return publicQuoteTexts.usedTitle;
  return publicQuoteTexts.unavailableTitle;
}

/**
 * `/devis/<token>`: the client's online "Bon pour accord", with no account (docs/online-acceptance.md).
 * Phone first: the quote's summary, its PDF, then the name, the drawn signature and the terms.
 */
export function PublicQuotePage() {
  const { token = '' } = useParams();
  const quote = usePublicQuote(token);
  const [accepted, setAccepted] = useState<PublicQuoteAccepted | undefined>();

  if (quote.isPending) return <FullPageMessage busy>Chargement du devis…</FullPageMessage>;
  // A refusal of the first read is the page; one of a later refresh (the link expired while the
  // page was open, the network) leaves the quote on screen, and signing then says why.
  if (quote.isError && quote.data === undefined && !accepted) {
    return (
      <FullPageMessage title={refusalTitle(quote.error)}>
        <p>{serverMessage(quote.error) ?? publicQuoteTexts.fallback}</p>
      </FullPageMessage>
    );
  }
  const summary = quote.data;
  if (!summary) return null;

  return (
    <div className={styles.page}>
      <main className={styles.column}>
        <QuoteSummary quote={summary} />
        {accepted ? (
          <Confirmation quote={summary} accepted={accepted} />
        ) : (
          <AcceptForm token={token} quote={summary} onAccepted={setAccepted} />
        )}
      </main>
    </div>
  );
}

function QuoteSummary({ quote }: { quote: PublicQuote }) {
  const { company } = quote;
  const place = [company.address, [company.postalCode, company.city].filter(Boolean).join(' ')]
    .filter(Boolean)
    .join(', ');
  return (
    <>
      <header className={styles.card}>
        <p className={styles.company}>
          {company.name}
          {company.legalForm ? ` (${company.legalForm})` : ''}
          {place ? ` · ${place}` : ''}
        </p>
        <h1 className={styles.title}>Devis n° {quote.number}</h1>
        <p className={styles.subtitle}>{quote.title}</p>
        <dl className={styles.facts}>
          <div>
            <dt>Client</dt>
            <dd>{quote.clientName}</dd>
          </div>
          {quote.sentAt && (
            <div>
              <dt>Envoyé le</dt>
              <dd>{formatDate(quote.sentAt.slice(0, 10))}</dd>
            </div>
          )}
          <div>
            <dt>Valable jusqu'au</dt>
            <dd>{formatDate(quote.validUntil ?? quote.linkValidUntil)}</dd>
          </div>
          <div>
            <dt>Total TTC</dt>
            <dd>{euro(quote.totalWithVat)}</dd>
          </div>
        </dl>
        {quote.pdfUrl && (
          <div className={styles.actions} style={{ marginTop: 16 }}>
            <Button href={quote.pdfUrl} target="_blank" rel="noopener" size="large">
              {publicQuoteTexts.pdf}
            </Button>
          </div>
        )}
      </header>
      <section className={styles.card} aria-labelledby="public-quote-lines">
        <h2 id="public-quote-lines" className={styles.sectionTitle}>
          Détail
        </h2>
        {quote.description && <p style={{ whiteSpace: 'pre-line', marginTop: 0 }}>{quote.description}</p>}
        <ul className={styles.lines}>
          {quote.lines.map((line, index) => (
            <li key={index} className={styles.line}>
              <div className={styles.lineText}>
                <div>{line.description || '—'}</div>
                <div className={styles.lineDetail}>
                  {quantity(line.quantity)} {line.unit} × {euro(line.saleUnitPrice)} HT · TVA{' '}
                  {rate(line.vatRate)}
                </div>
              </div>
              <div className={styles.amount}>{euro(line.saleTotal)}</div>
            </li>
          ))}
        </ul>
        <dl className={styles.totals}>
          <dt>Total HT</dt>
          <dd>{euro(quote.totalAmount)}</dd>
          {quote.vatBreakdown.map((entry) => (
            <div key={entry.rate} style={{ display: 'contents' }}>
              <dt>TVA {rate(entry.rate)}</dt>
              <dd>{euro(entry.amount)}</dd>
            </div>
          ))}
          {quote.reverseCharge && (
            <>
              <dt>Autoliquidation</dt>
              <dd>TVA due par le preneur</dd>
            </>
          )}
          <dt className={styles.grandTotal}>Total TTC</dt>
          <dd className={styles.grandTotal}>{euro(quote.totalWithVat)}</dd>
        </dl>
      </section>
    </>
  );
}

interface AcceptFormProps {
  token: string;
  quote: PublicQuote;
  onAccepted: (accepted: PublicQuoteAccepted) => void;
}

function AcceptForm({ token, quote, onAccepted }: AcceptFormProps) {
  const accept = useAcceptPublicQuote();
  const [signerName, setSignerName] = useState('');
  const [signature, setSignature] = useState<string | undefined>();
  const [acceptTerms, setAcceptTerms] = useState(false);
  const [submitted, setSubmitted] = useState(false);
  const values = { signerName, signature: signature ?? '', acceptTerms: acceptTerms || undefined };
  const messages = submitted ? validateWith(publicQuoteAcceptInput, values).messages : {};
  const failure = accept.isError ? (serverMessage(accept.error) ?? publicQuoteTexts.fallback) : undefined;

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSubmitted(true);
    const validation = validateWith(publicQuoteAcceptInput, values);
    if (validation.data === undefined) return;
    accept.mutate({ token, data: validation.data }, { onSuccess: onAccepted });
  };

  return (
    <section className={styles.card} aria-labelledby="public-quote-accept">
      <h2 id="public-quote-accept" className={styles.sectionTitle}>
        {publicQuoteTexts.formTitle}
      </h2>
      <p style={{ marginTop: 0 }}>
        En signant, vous acceptez le devis n° {quote.number} de {quote.company.name} pour{' '}
        {euro(quote.totalWithVat)} TTC.
      </p>
      <form onSubmit={submit} noValidate>
        <div className={styles.field}>
          <label htmlFor="public-quote-name" className={styles.label}>
            {publicQuoteTexts.name}
          </label>
          <Input
            id="public-quote-name"
            size="large"
            autoComplete="name"
            value={signerName}
            onChange={(event) => setSignerName(event.target.value)}
            status={messages.signerName ? 'error' : undefined}
            aria-invalid={messages.signerName ? true : undefined}
            aria-describedby={messages.signerName ? 'public-quote-name-message' : undefined}
          />
          {messages.signerName && (
            <div id="public-quote-name-message" role="alert" className={styles.error}>
              {messages.signerName}
            </div>
          )}
        </div>
        <div className={styles.field}>
          <span className={styles.label} id="public-quote-signature-label">
            {publicQuoteTexts.signature}
          </span>
          <SignatureField
            id="public-quote-signature"
            onChange={setSignature}
            invalid={Boolean(messages.signature)}
            describedBy={messages.signature ? 'public-quote-signature-message' : undefined}
            disabled={accept.isPending}
          />
          {messages.signature && (
            <div id="public-quote-signature-message" role="alert" className={styles.error}>
              {messages.signature}
            </div>
          )}
        </div>
        <div className={styles.field}>
          <Checkbox
            checked={acceptTerms}
            onChange={(event) => setAcceptTerms(event.target.checked)}
            aria-invalid={messages.acceptTerms ? true : undefined}
            aria-describedby={messages.acceptTerms ? 'public-quote-terms-message' : undefined}
          >
            {publicQuoteTexts.terms}
          </Checkbox>
          {messages.acceptTerms && (
            <div id="public-quote-terms-message" role="alert" className={styles.error}>
              {messages.acceptTerms}
            </div>
          )}
        </div>
        {failure && <Alert type="error" showIcon title={failure} style={{ marginBottom: 16 }} />}
        <Button type="primary" htmlType="submit" size="large" block loading={accept.isPending}>
          {publicQuoteTexts.submit}
        </Button>
      </form>
    </section>
  );
}

function Confirmation({ quote, accepted }: { quote: PublicQuote; accepted: PublicQuoteAccepted }) {
  return (
    <section className={`${styles.card} ${styles.confirmation}`} role="status" aria-live="polite">
      <h2 className={styles.sectionTitle}>{publicQuoteTexts.accepted(accepted.acceptedAt)}</h2>
      <p style={{ margin: 0 }}>
        Signé par {accepted.signerName}. {publicQuoteTexts.thanks(quote.company.name)}
      </p>
      {(quote.company.email ?? quote.company.phone) && (
        <p className={styles.contact}>
          Pour toute question : {[quote.company.email, quote.company.phone].filter(Boolean).join(' · ')}
        </p>
      )}
      {accepted.pdfUrl && (
        <div className={styles.actions} style={{ marginTop: 12 }}>
          <Button href={accepted.pdfUrl} target="_blank" rel="noopener" size="large">
            {publicQuoteTexts.signedPdf}
          </Button>
        </div>
      )}
    </section>
  );
}
