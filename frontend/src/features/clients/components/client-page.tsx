import { ArrowLeftOutlined, EyeOutlined } from '@ant-design/icons';
import {
  clientKindLabels,
  documentTypeLabels,
  invoiceKindLabels,
  invoiceStatusLabels,
  labelOf,
  quoteStatusLabels,
} from '@btp/shared/enums';
import { centsOf, isCreditNote } from '@btp/shared/finance';
import { formatEuro } from '@btp/shared/money';
import type { UseQueryResult } from '@tanstack/react-query';
import { Alert, Button, Card, Tag } from 'antd';
import { useMemo, useState, type ReactNode } from 'react';
import { Link, useParams } from 'react-router';

import { useClientsList, type ClientsListItem } from '../../../api/clients/list-clients';
import { useDocumentDownloadUrl } from '../../../api/documents/get-document-download-url';
import { useDocumentsList, type DocumentsListItem } from '../../../api/documents/list-documents';
import { useInvoicesList, type InvoicesListItem } from '../../../api/invoices/list-invoices';
import { useProjectsList, type ProjectsListItem } from '../../../api/projects/list-projects';
import { useQuotesList, type QuoteListItem } from '../../../api/quotes/list-quotes';
import { PageBody, PageHeader, type PageTitles } from '../../../components/page-header';
import { LoadingState } from '../../../components/query-list';
import { useToast } from '../../../components/toast';
import { serverMessage } from '../../../lib/api';
import { openPendingTab } from '../../../lib/file-links';
import { formatDate } from '../../../lib/format';
import { budgetText, projectDates, projectStatusBadge } from '../../projects/components/project-display';
import { formatSiren } from './client-identity';
import {
  clientTotals,
  documentsOfClient,
  ofClient,
  paymentMethodLabel,
  receivedPayments,
  remainingToPay,
  withStatusesToday,
  type ReceivedPayment,
} from './client-page-data';
import styles from './client-page.module.css';
import { EmailRefused } from './email-refused';

const quoteStatusColours: Record<string, string> = {
  draft: 'default',
  sent: 'blue',
  validated: 'green',
  rejected: 'red',
  expired: 'orange',
};

const invoiceStatusColours: Record<string, string> = {
  draft: 'default',
  sent: 'blue',
  overdue: 'red',
  paid: 'green',
  cancelled: 'default',
};

const euros = (value: string | undefined) => formatEuro(centsOf(value));

/**
 * A client's page, "fiche client" (issue 21), at /clients/:id: its contact, then its totals, projects,
 * quotes, invoices, the payments received and its documents, each linking to its screen. The client
 * comes from the clients list; the records from their lists, filtered on the client.
 */
export function ClientPage(titles: PageTitles) {
  const { id = '' } = useParams();
  const clients = useClientsList();
  const client = clients.data?.find((candidate) => candidate.id === id);

  let body: ReactNode;
  if (clients.isPending) body = <LoadingState />;
  else if (clients.isError) {
    body = <LoadError query={clients} title="Erreur lors du chargement du client" />;
  } else if (client === undefined) {
    body = (
      <Card>
        <div className={styles.notFound}>
          <h2 className={styles.notFoundTitle}>Client introuvable</h2>
          <p className={styles.muted}>Ce client n&apos;existe pas ou a été supprimé.</p>
        </div>
      </Card>
    );
  } else body = <ClientRecords client={client} />;

  return (
    <>
      <PageHeader
        title={client?.name ?? titles.title}
        subtitle={
          client === undefined
            ? titles.subtitle
            : `Fiche client · ${labelOf(clientKindLabels, client.kind, 'Entreprise')}`
        }
      />
      <PageBody>
        <Link to="/clients" className={styles.back}>
          <ArrowLeftOutlined aria-hidden /> Retour aux clients
        </Link>
        {body}
      </PageBody>
    </>
  );
}

/** A list's load error, with the server's message and 'Réessayer'. */
function LoadError({ query, title }: { query: UseQueryResult<unknown>; title: string }) {
  return (
    <Alert
      type="error"
      showIcon
      title={title}
      description={serverMessage(query.error)}
      action={
        <Button onClick={() => void query.refetch()} loading={query.isFetching}>
          Réessayer
        </Button>
      }
    />
  );
}

/** Everything about the client, from the company's lists. */
function ClientRecords({ client }: { client: ClientsListItem }) {
  const projects = useProjectsList();
  const quotes = useQuotesList();
  const invoices = useInvoicesList();
  const documents = useDocumentsList();

  const own = useMemo(() => {
    const ownProjects = ofClient(projects.data, client.id);
    const ownQuotes = ofClient(quotes.data, client.id);
    const ownInvoices = withStatusesToday(ofClient(invoices.data, client.id));
    return {
      projects: ownProjects,
      quotes: ownQuotes,
      invoices: ownInvoices,
      payments: receivedPayments(ownInvoices),
      totals: clientTotals(ownInvoices),
    };
  }, [client.id, projects.data, quotes.data, invoices.data]);

  // Documents of its projects, quotes and invoices: known once those lists are.
  const linksKnown = projects.isSuccess && quotes.isSuccess && invoices.isSuccess;
  const ownDocuments = useMemo(
    () =>
      documentsOfClient(documents.data, client.id, {
        projectIds: own.projects.map((project) => project.id),
        quoteIds: own.quotes.map((quote) => quote.id),
        invoiceIds: own.invoices.map((invoice) => invoice.id),
      }),
    [documents.data, client.id, own],
  );

  return (
    <div className={styles.page}>
      <div className={styles.top}>
        <ContactCard client={client} />
        <TotalsCard query={invoices} totals={own.totals} />
      </div>
      <div className={styles.sections}>
        <Section
          title="Projets"
          query={projects}
          errorTitle="Erreur lors du chargement des projets"
          items={own.projects}
          empty="Aucun projet pour ce client"
        >
          {(project) => <ProjectItem project={project} />}
        </Section>
        <Section
          title="Devis"
          query={quotes}
          errorTitle="Erreur lors du chargement des devis"
          items={own.quotes}
          empty="Aucun devis pour ce client"
        >
          {(quote) => <QuoteItem quote={quote} />}
        </Section>
        <Section
          title="Factures"
          query={invoices}
          errorTitle="Erreur lors du chargement des factures"
          items={own.invoices}
          empty="Aucune facture pour ce client"
        >
          {(invoice) => <InvoiceItem invoice={invoice} />}
        </Section>
        <Section
          title="Paiements reçus"
          query={invoices}
          errorTitle="Erreur lors du chargement des paiements"
          items={own.payments.map((payment) => ({ ...payment, id: payment.key }))}
          empty="Aucun paiement reçu"
        >
          {(payment) => <PaymentItem payment={payment} />}
        </Section>
        <Section
          title="Documents"
          query={documents}
          pending={!linksKnown && !projects.isError && !quotes.isError && !invoices.isError}
          errorTitle="Erreur lors du chargement des documents"
          items={ownDocuments}
          empty="Aucun document pour ce client"
        >
          {(document) => <DocumentItem document={document} />}
        </Section>
      </div>
    </div>
  );
}

/** Identity, address, e-mail, phone; a company's SIRET, SIREN and VAT number; notes. */
function ContactCard({ client }: { client: ClientsListItem }) {
  const company = client.kind !== 'individual';
  const cityLine = [client.postalCode, client.city].filter(Boolean).join(' ');
  const address = [client.address, cityLine, client.country].filter(Boolean).join('\n');
  const facts: [string, ReactNode][] = [];
  if (client.contactPerson !== undefined) facts.push(['Contact', client.contactPerson]);
  if (address !== '') facts.push(['Adresse', address]);
  if (client.email !== undefined) {
    facts.push([
      'E-mail',
      <>
        <a href={`mailto:${client.email}`}>{client.email}</a>
        {client.emailStatus !== undefined && <EmailRefused status={client.emailStatus} />}
      </>,
    ]);
  }
  if (client.phone !== undefined) {
    facts.push(['Téléphone', <a href={`tel:${client.phone.replace(/\s+/g, '')}`}>{client.phone}</a>]);
  }
  if (company && client.siret !== undefined) facts.push(['SIRET', client.siret]);
  if (company && client.siren !== undefined) facts.push(['SIREN', formatSiren(client.siren)]);
  if (company && client.vatNumber !== undefined) facts.push(['N° de TVA', client.vatNumber]);
  return (
    <Card className={styles.card} title={<h2 className={styles.cardTitle}>Coordonnées</h2>}>
      <p className={styles.identity}>
        <span className={styles.name}>{client.name}</span>
        <Tag className={styles.tag}>{labelOf(clientKindLabels, client.kind, 'Entreprise')}</Tag>
      </p>
      {facts.length === 0 ? (
        <p className={styles.muted}>Aucune coordonnée renseignée</p>
      ) : (
        <dl className={styles.facts}>
          {facts.map(([term, value]) => (
            <div key={term} className={styles.fact}>
              <dt>{term}</dt>
              <dd>{value}</dd>
            </div>
          ))}
        </dl>
      )}
      {client.notes !== undefined && client.notes.trim() !== '' && (
        <p className={styles.notes}>{client.notes}</p>
      )}
    </Card>
  );
}

interface TotalsCardProps {
  query: UseQueryResult<unknown>;
  totals: ReturnType<typeof clientTotals>;
}

/** CA facturé HT, CA encaissé HT, en attente TTC (and overdue), received TTC. */
function TotalsCard({ query, totals }: TotalsCardProps) {
  const value = (cents: number) => (query.isSuccess ? formatEuro(cents) : '—');
  return (
    <Card className={styles.card} title={<h2 className={styles.cardTitle}>Totaux</h2>}>
      <dl className={styles.totals} aria-label="Totaux du client">
        <div className={styles.total}>
          <dt>CA facturé HT</dt>
          <dd>{value(totals.invoicedCents)}</dd>
        </div>
        <div className={styles.total}>
          <dt>CA encaissé HT</dt>
          <dd>{value(totals.cashedCents)}</dd>
        </div>
        <div className={styles.total}>
          <dt>En attente TTC</dt>
          <dd className={totals.pendingCents > 0 ? styles.pending : undefined}>
            {value(totals.pendingCents)}
          </dd>
        </div>
        <div className={styles.total}>
          <dt>Encaissé TTC</dt>
          <dd>{value(totals.receivedCents)}</dd>
        </div>
      </dl>
      {query.isSuccess && totals.overdueCents > 0 && (
        <p className={styles.overdue}>Dont en retard : {formatEuro(totals.overdueCents)}</p>
      )}
    </Card>
  );
}

interface SectionProps<TItem extends { id: string }> {
  title: string;
  query: UseQueryResult<unknown>;
  /** Still waiting for what the items depend on, besides `query`. */
  pending?: boolean;
  errorTitle: string;
  items: readonly TItem[];
  empty: string;
  children: (item: TItem) => ReactNode;
}

/** One part of the page: its title and count, then its load state or its records, one a line. */
function Section<TItem extends { id: string }>({
  title,
  query,
  pending = false,
  errorTitle,
  items,
  empty,
  children,
}: SectionProps<TItem>) {
  const loaded = query.isSuccess && !pending;
  let content: ReactNode;
  if (query.isError) content = <LoadError query={query} title={errorTitle} />;
  else if (!loaded) content = <LoadingState />;
  else if (items.length === 0) content = <p className={styles.muted}>{empty}</p>;
  else {
    content = (
      <ul className={styles.list} aria-label={title}>
        {items.map((item) => (
          <li key={item.id} className={styles.item}>
            {children(item)}
          </li>
        ))}
      </ul>
    );
  }
  return (
    <section aria-label={title}>
      <Card
        className={styles.card}
        title={
          <h2 className={styles.cardTitle}>
            {title}
            {loaded && <span className={styles.count}> ({items.length})</span>}
          </h2>
        }
      >
        {content}
      </Card>
    </section>
  );
}

/** An item's first line: its name, linking to its screen, and its status. */
function ItemHead({ to, name, tag }: { to: string; name: string; tag?: ReactNode }) {
  return (
    <div className={styles.itemHead}>
      <Link to={to} className={styles.itemName}>
        {name}
      </Link>
      {tag}
    </div>
  );
}

function ProjectItem({ project }: { project: ProjectsListItem }) {
  const badge = projectStatusBadge(project.status);
  const dates = projectDates(project.startDate, project.endDate);
  const facts = [
    dates,
    project.location,
    project.estimatedBudget === undefined ? undefined : `Budget : ${budgetText(project.estimatedBudget)}`,
    `Avancement : ${project.progress} %`,
  ].filter((fact): fact is string => fact !== undefined && fact !== '');
  return (
    <>
      <ItemHead to="/projects" name={project.name} tag={<Tag color={badge.colour}>{badge.label}</Tag>} />
      <span className={styles.secondary}>{facts.join(' · ')}</span>
    </>
  );
}

function QuoteItem({ quote }: { quote: QuoteListItem }) {
  return (
    <>
      <ItemHead
        to="/quotes"
        name={`${quote.number} · ${quote.title}`}
        tag={
          <Tag color={quoteStatusColours[quote.status] ?? 'default'}>
            {labelOf(quoteStatusLabels, quote.status)}
          </Tag>
        }
      />
      <span className={styles.amountLine}>
        {euros(quote.totalAmount)} HT · {euros(quote.totalWithVat)} TTC
      </span>
      <span className={styles.secondary}>
        {[
          quote.project?.name,
          `Créé le ${formatDate(quote.createdAt)}`,
          quote.validUntil === undefined ? undefined : `Valable jusqu'au ${formatDate(quote.validUntil)}`,
        ]
          .filter((part): part is string => part !== undefined)
          .join(' · ')}
      </span>
    </>
  );
}

/** An invoice's status as its card on Facturation reads it: an issued credit note is 'Émis'. */
function invoiceStatusText(invoice: InvoicesListItem): string {
  if (isCreditNote(invoice) && invoice.status !== 'draft') return 'Émis';
  return labelOf(invoiceStatusLabels, invoice.status);
}

function InvoiceItem({ invoice }: { invoice: InvoicesListItem }) {
  const remaining = remainingToPay(invoice);
  const awaiting = !isCreditNote(invoice) && (invoice.status === 'sent' || invoice.status === 'overdue');
  const paid = centsOf(invoice.paidAmount);
  return (
    <>
      <ItemHead
        to="/invoicing"
        name={`${labelOf(invoiceKindLabels, invoice.kind)} ${invoice.number ?? '(brouillon)'} · ${invoice.title}`}
        tag={
          <Tag color={invoiceStatusColours[invoice.status] ?? 'default'}>{invoiceStatusText(invoice)}</Tag>
        }
      />
      <span className={styles.amountLine}>
        {euros(invoice.totalAmount)} HT · {euros(invoice.totalWithVat)} TTC
      </span>
      {awaiting && (
        <span className={styles.remaining}>
          Reste à payer : {formatEuro(remaining)}
          {paid > 0 && <span className={styles.muted}> (déjà payé : {formatEuro(paid)})</span>}
        </span>
      )}
      <span className={styles.secondary}>
        {[
          invoice.project?.name,
          invoice.issueDate === undefined ? undefined : `Émise le ${formatDate(invoice.issueDate)}`,
          invoice.dueDate === undefined || isCreditNote(invoice)
            ? undefined
            : `Échéance : ${formatDate(invoice.dueDate)}`,
        ]
          .filter((part): part is string => part !== undefined)
          .join(' · ')}
      </span>
    </>
  );
}

function PaymentItem({ payment }: { payment: ReceivedPayment }) {
  const invoice = payment.invoice.number ?? payment.invoice.title;
  return (
    <>
      <div className={styles.itemHead}>
        <span className={styles.amount}>{formatEuro(payment.cents)}</span>
        <span className={styles.muted}>
          {payment.paidAt === undefined ? 'Date non renseignée' : `Le ${formatDate(payment.paidAt)}`}
        </span>
      </div>
      <span className={styles.secondary}>
        <Link to="/invoicing">Facture {invoice}</Link>
        {payment.method !== undefined && ` · ${paymentMethodLabel(payment.method)}`}
        {payment.reference !== undefined && ` · Réf. ${payment.reference}`}
      </span>
    </>
  );
}

/** What a document shows as its name: its name, else the file's. */
function documentName(document: DocumentsListItem): string {
  return document.name.trim() === '' ? document.originalName : document.name;
}

function DocumentItem({ document }: { document: DocumentsListItem }) {
  const name = documentName(document);
  const link = useDocumentDownloadUrl();
  const { toast } = useToast();
  const [opening, setOpening] = useState(false);
  const view = async () => {
    // Opened during the click: a popup blocker would stop it once the link is known.
    const tab = openPendingTab();
    setOpening(true);
    try {
      tab.show(await link.mutateAsync({ id: document.id, inline: true }));
    } catch (error) {
      tab.close();
      toast({
        variant: 'destructive',
        title: 'Erreur',
        description: serverMessage(error) ?? "Erreur lors de l'ouverture du document",
        error,
      });
    } finally {
      setOpening(false);
    }
  };
  return (
    <div className={styles.documentLine}>
      <div className={styles.documentText}>
        <ItemHead
          to="/documents"
          name={name}
          tag={<Tag color="blue">{labelOf(documentTypeLabels, document.type)}</Tag>}
        />
        <span className={styles.secondary}>Ajouté le {formatDate(document.createdAt)}</span>
      </div>
      <Button
        icon={<EyeOutlined aria-hidden />}
        loading={opening}
        onClick={() => void view()}
        aria-label={`Voir ${name}`}
      >
        Voir
      </Button>
    </div>
  );
}
