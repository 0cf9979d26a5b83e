/**
 * What refuses a change to an invoice, apart from the service (`invoice-service.ts` re-exports it):
 * the send (`invoice-sending.ts`) reads these and starts without the service's other paths
 * (issue 27, `bench:lambda`).
 */
import type { Invoice } from '@btp/shared/entities/invoice';
import { conflict } from '../lib/http-errors.js';

export const invoiceMessages = {
  clientNotFound: 'Client introuvable dans votre entreprise : choisissez un de vos clients.',
  projectNotFound: 'Projet introuvable dans votre entreprise : choisissez un de vos projets.',
  projectOfOtherClient: 'Ce projet appartient à un autre client : choisissez un projet du client facturé.',
  quoteNotFound: 'Devis introuvable dans votre entreprise : choisissez un de vos devis.',
  quoteOfOtherClient: 'Ce devis a été établi pour un autre client : choisissez un devis du client facturé.',
  quoteOfOtherProject: 'Ce devis concerne un autre projet que celui de la facture.',
  payDraft: 'Cette facture est encore un brouillon : envoyez-la avant de la marquer payée.',
  payCreditNote: "Un avoir ne se paie pas : il réduit ce que le client doit sur la facture qu'il annule.",
  paidAmountAboveRemaining: (remaining: string) =>
    `Le montant payé ne peut pas dépasser le reste à payer de la facture (${remaining}).`,
  paidAmountZero: 'Le montant payé doit être supérieur à 0.',
  paidAtInFuture: 'La date de paiement ne peut pas être dans le futur.',
  nothingLeftToPay: 'Il ne reste rien à payer sur cette facture : elle est soldée par ses avoirs.',
  editCreditNote:
    "Un avoir en brouillon ne se modifie pas : supprimez-le, puis établissez-en un autre depuis la facture qu'il annule.",
  noLines: "Cette facture n'a aucune ligne : ajoutez au moins une ligne avant de l'envoyer.",
  notPositive: "Le montant HT d'une facture doit être supérieur à 0 pour l'émettre.",
  clientGone: "Le client de cette facture n'existe plus : choisissez un de vos clients avant de l'envoyer.",
  creditedInvoiceGone: "La facture que cet avoir annule n'existe plus.",
  creditedInvoiceCancelled: (number: string) =>
    `La facture ${number} est déjà annulée : cet avoir ne peut plus être émis. Supprimez-le.`,
  creditAboveRemaining: (number: string, left: string) =>
    `Cet avoir dépasserait ce qui reste à créditer sur la facture ${number} (${left} TTC) : supprimez-le et établissez-en un plus petit.`,
  sendRace:
    "La facture créditée vient d'être modifiée par un autre avoir : rechargez la liste puis recommencez.",
} as const;

/** "La facture FAC-2026-0001", "L'avoir AV-2026-0001", or without a number "Cette facture" / "Cet avoir". */
export function named(invoice: Pick<Invoice, 'kind' | 'number'>): string {
  if (invoice.kind === 'credit_note') return invoice.number ? `L'avoir ${invoice.number}` : 'Cet avoir';
  return invoice.number ? `La facture ${invoice.number}` : 'Cette facture';
}

/** What happened to an invoice that is no longer a draft, as the end of a sentence. */
export function stateOf(invoice: Pick<Invoice, 'kind' | 'status'>): string {
  if (invoice.kind === 'credit_note') return 'a déjà été émis';
  if (invoice.status === 'paid') return 'est déjà payée';
  if (invoice.status === 'cancelled') return 'est annulée';
  return 'a déjà été envoyée';
}

/** Refuses (409) to change or send an invoice that is no longer a draft, naming what it became. */
export function assertDraft(invoice: Invoice, action: 'modifiée' | 'envoyée'): void {
  if (invoice.status !== 'draft' || invoice.number) {
    const document =
      invoice.kind === 'credit_note'
        ? `seul un avoir en brouillon peut être ${action === 'modifiée' ? 'modifié' : 'émis'}`
        : `seule une facture en brouillon peut être ${action}`;
    throw conflict(`${named(invoice)} ${stateOf(invoice)} : ${document}.`);
  }
}
