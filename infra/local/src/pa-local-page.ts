/**
 * The page of the local platform (`/_pa/`), like MailDev's inbox under `/_mail/`: every flow, most
 * recent first (who sent or received it, its type, its status, its acknowledgement and the file),
 * and the directory with each company's client id and secret to enter in Paramètres. Plain HTML,
 * every value escaped, readable at 360 px, no script.
 */
import {
  flowAckStatusLabels,
  lifecycleReasonLabel,
  lifecycleStatusLabel,
  type FlowAckStatus,
} from '@btp/shared/einvoicing-lifecycle';
import { localPlatformCredentials } from './pa-local-auth.js';
import type { PaCompany } from './pa-local-processing.js';
import type { StoredFlow } from './pa-local-store.js';

const flowTypeLabels: Record<string, string> = {
  CustomerInvoice: 'Facture client',
  SupplierInvoice: 'Facture fournisseur',
  CustomerInvoiceLC: 'Statut d’une facture client',
  SupplierInvoiceLC: 'Statut d’une facture fournisseur',
  Undefined: 'Non déterminé',
};

function escape(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

const dateFormat = new Intl.DateTimeFormat('fr-FR', {
  timeZone: 'Europe/Paris',
  dateStyle: 'short',
  timeStyle: 'medium',
});

function companyName(directory: ReadonlyMap<string, PaCompany>, siren: string): string {
  return `${escape(directory.get(siren)?.name ?? 'Entreprise inconnue')} <span class="muted">(${escape(siren)})</span>`;
}

function acknowledgementCell(flow: StoredFlow): string {
  const label = escape(flowAckStatusLabels[flow.acknowledgement.status as FlowAckStatus]);
  const details = (flow.acknowledgement.details ?? [])
    .map(
      (detail) =>
        `<li>${escape(detail.reasonMessage)} <span class="muted">(${escape(String(detail.reasonCode))})</span></li>`,
    )
    .join('');
  return `<span class="ack ack-${escape(flow.acknowledgement.status.toLowerCase())}">${label}</span>${details ? `<ul>${details}</ul>` : ''}`;
}

function statusCell(flow: StoredFlow): string {
  if (!flow.status) return flow.invoice ? `Facture ${escape(flow.invoice.number)}` : '';
  const reason = flow.status.reasonCode ? ` — ${escape(lifecycleReasonLabel(flow.status.reasonCode))}` : '';
  return `${escape(flow.status.code)} ${escape(lifecycleStatusLabel(flow.status.code))}${reason}<br><span class="muted">facture ${escape(flow.invoice?.number ?? '')}</span>`;
}

function flowRow(flow: StoredFlow, directory: ReadonlyMap<string, PaCompany>): string {
  const file = `/_pa/files/${encodeURIComponent(flow.flowId)}`;
  return `<tr>
<td>${escape(dateFormat.format(new Date(flow.updatedAt)))}</td>
<td>${companyName(directory, flow.owner)}</td>
<td>${flow.flowDirection === 'Out' ? 'Émis' : 'Reçu'}${flow.origin === 'platform' ? ' <span class="muted">(par la plateforme)</span>' : ''}</td>
<td>${escape(flowTypeLabels[flow.flowType] ?? flow.flowType)} <span class="muted">${escape(flow.flowSyntax)}</span></td>
<td>${statusCell(flow)}</td>
<td>${acknowledgementCell(flow)}</td>
<td><a href="${file}">${escape(flow.name)}</a><br><a href="${file}?download=1">Télécharger<span class="visually-hidden"> ${escape(flow.name)}</span></a></td>
<td><code>${escape(flow.flowId)}</code>${flow.trackingId ? `<br><span class="muted">suivi : ${escape(flow.trackingId)}</span>` : ''}</td>
</tr>`;
}

function companyRow(company: PaCompany, key: string): string {
  const credentials = localPlatformCredentials(key, company.siren);
  return `<tr>
<td>${escape(company.name)}</td>
<td>${escape(company.siren)}</td>
<td><code>${escape(credentials.clientId)}</code></td>
<td><code>${escape(credentials.clientSecret)}</code></td>
</tr>`;
}

/** The page's HTML. */
export function renderPaPage(
  flows: StoredFlow[],
  directory: ReadonlyMap<string, PaCompany>,
  key: string,
): string {
  const newestFirst = [...flows].reverse();
  const rows = newestFirst.map((flow) => flowRow(flow, directory)).join('\n');
  const companies = [...directory.values()].map((company) => companyRow(company, key)).join('\n');
  return `<!doctype html>
<html lang="fr">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Plateforme agréée locale — BTP Gestion</title>
<style>
body { font-family: system-ui, sans-serif; margin: 0; color: #1f1f1f; background: #fff; line-height: 1.4; }
main { padding: 16px; max-width: 1400px; margin: 0 auto; }
h1 { font-size: 1.5rem; }
h2 { font-size: 1.2rem; margin-top: 2rem; }
.scroll { overflow-x: auto; border: 1px solid #d0d0d0; position: relative; }
table { border-collapse: collapse; width: 100%; min-width: 900px; font-size: 0.9rem; }
caption { text-align: left; padding: 8px; font-weight: 600; }
th, td { text-align: left; vertical-align: top; padding: 8px; border-top: 1px solid #d0d0d0; }
th { background: #f3f3f3; }
.muted { color: #555; }
.ack-ok { color: #1b5e20; font-weight: 600; }
.ack-error { color: #b71c1c; font-weight: 600; }
.ack-pending { color: #5d4037; font-weight: 600; }
ul { margin: 4px 0 0 16px; padding: 0; }
a { color: #0b4f9c; display: inline-block; min-height: 44px; padding: 11px 0; box-sizing: border-box; line-height: 1.4; overflow-wrap: anywhere; }
code { font-size: 0.8rem; word-break: break-all; }
.visually-hidden { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; }
</style>
</head>
<body>
<main>
<h1>Plateforme agréée locale</h1>
<p>Pile locale uniquement, jamais déployée. Elle parle la norme AFNOR XP Z12-013 : service Flow sous
<code>/_pa/flow-service</code>, annuaire sous <code>/_pa/directory-service</code>, jeton OAuth2 sous
<code>/_pa/auth/token</code>. <a href="/_pa/">Rafraîchir</a></p>
<h2 id="flux">Flux (${flows.length})</h2>
<div class="scroll" role="region" aria-labelledby="flux" tabindex="0">
<table>
<caption>Les flux reçus et émis, du plus récent au plus ancien</caption>
<thead><tr><th scope="col">Mis à jour</th><th scope="col">Compte</th><th scope="col">Sens</th><th scope="col">Type</th><th scope="col">Facture et statut</th><th scope="col">Acquittement</th><th scope="col">Fichier</th><th scope="col">Identifiant</th></tr></thead>
<tbody>
${rows || '<tr><td colspan="8">Aucun flux pour l’instant.</td></tr>'}
</tbody>
</table>
</div>
<h2 id="annuaire">Annuaire (${directory.size})</h2>
<p>Chaque entreprise de la pile ayant un SIREN reçoit ses factures sur cette plateforme. Identifiants à saisir dans Paramètres :</p>
<div class="scroll" role="region" aria-labelledby="annuaire" tabindex="0">
<table>
<caption>Les entreprises de l’annuaire et leurs identifiants de connexion</caption>
<thead><tr><th scope="col">Entreprise</th><th scope="col">SIREN</th><th scope="col">Identifiant client</th><th scope="col">Secret client</th></tr></thead>
<tbody>
${companies || '<tr><td colspan="4">Aucune entreprise avec un SIREN.</td></tr>'}
</tbody>
</table>
</div>
</main>
</body>
</html>
`;
}
