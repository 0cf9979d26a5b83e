/**
 * The lifecycle of an invoice on the e-invoicing network (`../shared/guide/EINVOICING-NETWORK.md`,
 * docs/einvoicing-network.md): the statuses a CDAR message carries (`ProcessConditionCode`, MDT-105),
 * the reason codes of a refusal, dispute or rejection (`ReasonCode`, MDT-113) with the statuses
 * each one may explain, and their French labels (one map per enumeration).
 *
 * The codes and the reasons allowed per status are those of the FNFE's BR-FR-CDV Schematron
 * (`e-invoicing/validation/cdar/`, rules BR-FR-CDV-CL-06, -09 and -15); the labels are this
 * product's French wording of the DGFiP's external specifications.
 */

/** The statuses this product names (every code the Schematron accepts is read; others get a generic label). */
export const lifecycleStatuses = [
  '200',
  '201',
  '202',
  '203',
  '204',
  '205',
  '206',
  '207',
  '208',
  '209',
  '210',
  '211',
  '212',
  '213',
  '214',
  '220',
  '221',
  '501',
] as const;
export type LifecycleStatus = (typeof lifecycleStatuses)[number];

export const lifecycleStatusLabels: Record<LifecycleStatus, string> = {
  '200': 'Déposée',
  '201': 'Émise par la plateforme',
  '202': 'Reçue par la plateforme',
  '203': 'Mise à disposition',
  '204': 'Prise en charge',
  '205': 'Approuvée',
  '206': 'Approuvée partiellement',
  '207': 'En litige',
  '208': 'Suspendue',
  '209': 'Complétée',
  '210': 'Refusée',
  '211': 'Paiement transmis',
  '212': 'Encaissée',
  '213': 'Rejetée',
  '214': 'Visée',
  '220': 'Annulée',
  '221': 'Erreur de routage',
  '501': 'Irrecevable',
};

/**
 * Every status code the BR-FR-CDV rules accept in a CDAR (BR-FR-CDV-CL-06): a message carrying
 * another code is not a valid lifecycle message.
 */
export const acceptedLifecycleCodes: readonly string[] = [
  ...[
    '200',
    '201',
    '202',
    '203',
    '204',
    '205',
    '206',
    '207',
    '208',
    '209',
    '210',
    '211',
    '212',
    '213',
    '214',
  ],
  ...['220', '221', '224', '225', '226', '227', '228', '250', '251'],
  ...['300', '301', '400', '401', '500', '501', '601'],
];

export function isLifecycleStatus(code: string): code is LifecycleStatus {
  return (lifecycleStatuses as readonly string[]).includes(code);
}

/** The French label of a status code (« Statut 226 » for a valid code this product does not name). */
export function lifecycleStatusLabel(code: string): string {
  return isLifecycleStatus(code) ? lifecycleStatusLabels[code] : `Statut ${code}`;
}

/** The statuses the law makes mandatory: Déposée, Refusée, Encaissée, Rejetée. */
export const mandatoryLifecycleStatuses: readonly LifecycleStatus[] = ['200', '210', '212', '213'];

/** The answers a buyer gives on Achats (`POST /api/supplier-invoices/{id}/status`, API.md). */
export const buyerAnswerStatuses = ['204', '205', '207', '210'] as const;
export type BuyerAnswerStatus = (typeof buyerAnswerStatuses)[number];

/** The statuses a platform (PA) itself issues, in the transmission phase (CDAR type 305). */
export const platformStatuses: readonly LifecycleStatus[] = ['200', '201', '202', '203', '213', '221', '501'];

/** The statuses the seller issues: « Encaissée » (VAT on receipts), and the cancellation. */
export const sellerStatuses: readonly LifecycleStatus[] = ['212', '220'];

/** The statuses the buyer issues about an invoice it received. */
export const buyerStatuses: readonly LifecycleStatus[] = [
  '204',
  '205',
  '206',
  '207',
  '208',
  '209',
  '210',
  '211',
];

/** Reason codes of a status (MDT-113), the closed list of BR-FR-CDV-CL-09. */
export const lifecycleReasons = [
  'TX_TVA_ERR',
  'MONTANTTOTAL_ERR',
  'CALCUL_ERR',
  'NON_CONFORME',
  'DOUBLON',
  'DEST_INC',
  'DEST_ERR',
  'TRANSAC_INC',
  'EMMET_INC',
  'CONTRAT_TERM',
  'DOUBLE_FACT',
  'CMD_ERR',
  'ADR_ERR',
  'SIRET_ERR',
  'CODE_ROUTAGE_ERR',
  'REF_CT_ABSENT',
  'REF_ERR',
  'PU_ERR',
  'REM_ERR',
  'QTE_ERR',
  'ART_ERR',
  'MODPAI_ERR',
  'QUALITE_ERR',
  'LIVR_INCOMP',
  'COORD_BANC_ERR',
  'JUSTIF_ABS',
  'AUTRE',
  'NON_TRANSMISE',
  'ROUTAGE_ERR',
  'CONTACT_ACHTR',
  'RETRAIT_MAN_SERV',
  'ST_CT_NON_DECLAR',
  'SUPPR_COMP_AVOIR',
  'TRANSF_PMNT_REGIE',
  'REJ_SEMAN',
  'REJ_UNI',
  'REJ_COH',
  'REJ_ADR',
  'REJ_CONT_B2G',
  'REJ_REF_PJ',
  'REJ_ASS_PJ',
  'IRR_VIDE_F',
  'IRR_TYPE_F',
  'IRR_SYNTAX',
  'IRR_TAILLE_PJ',
  'IRR_NOM_PJ',
  'IRR_VID_PJ',
  'IRR_EXT_DOC',
  'IRR_TAILLE_F',
  'IRR_ANTIVIRUS',
  'IRR_NOM_F',
] as const;
export type LifecycleReason = (typeof lifecycleReasons)[number];

export const lifecycleReasonLabels: Record<LifecycleReason, string> = {
  TX_TVA_ERR: 'Taux de TVA erroné',
  MONTANTTOTAL_ERR: 'Montant total erroné',
  CALCUL_ERR: 'Erreur de calcul',
  NON_CONFORME: 'Mentions obligatoires absentes ou erronées',
  DOUBLON: 'Facture en double',
  DEST_INC: 'Destinataire inconnu',
  DEST_ERR: 'Destinataire erroné',
  TRANSAC_INC: 'Transaction inconnue',
  EMMET_INC: 'Émetteur inconnu',
  CONTRAT_TERM: 'Contrat terminé',
  DOUBLE_FACT: 'Double facturation',
  CMD_ERR: 'Référence de commande erronée ou absente',
  ADR_ERR: 'Adresse de facturation erronée',
  SIRET_ERR: 'SIRET erroné ou absent',
  CODE_ROUTAGE_ERR: 'Code de routage erroné ou absent',
  REF_CT_ABSENT: 'Référence du contrat absente',
  REF_ERR: 'Référence erronée',
  PU_ERR: 'Prix unitaire erroné',
  REM_ERR: 'Remise erronée',
  QTE_ERR: 'Quantité facturée erronée',
  ART_ERR: 'Article facturé erroné',
  MODPAI_ERR: 'Modalités de paiement erronées',
  QUALITE_ERR: 'Qualité de la prestation non conforme',
  LIVR_INCOMP: 'Livraison ou prestation incomplète',
  COORD_BANC_ERR: 'Coordonnées bancaires erronées',
  JUSTIF_ABS: 'Justificatif absent',
  AUTRE: 'Autre motif',
  NON_TRANSMISE: 'Facture non transmise au destinataire',
  ROUTAGE_ERR: 'Erreur de routage',
  CONTACT_ACHTR: "Contacter l'acheteur",
  RETRAIT_MAN_SERV: 'Service retiré du mandat',
  ST_CT_NON_DECLAR: 'Sous-traitant non déclaré',
  SUPPR_COMP_AVOIR: 'Suppression compensée par un avoir',
  TRANSF_PMNT_REGIE: 'Paiement transféré à la régie',
  REJ_SEMAN: 'Rejet : erreur de contenu',
  REJ_UNI: 'Rejet : facture déjà reçue',
  REJ_COH: 'Rejet : données incohérentes',
  REJ_ADR: "Rejet : erreur d'adressage",
  REJ_CONT_B2G: 'Rejet : contrôles de la sphère publique',
  REJ_REF_PJ: 'Rejet : pièce jointe référencée absente',
  REJ_ASS_PJ: 'Rejet : pièce jointe non associée',
  IRR_VIDE_F: 'Fichier vide',
  IRR_TYPE_F: 'Type de fichier non accepté',
  IRR_SYNTAX: 'Fichier illisible (syntaxe)',
  IRR_TAILLE_PJ: 'Pièce jointe trop volumineuse',
  IRR_NOM_PJ: 'Nom de pièce jointe non accepté',
  IRR_VID_PJ: 'Pièce jointe vide',
  IRR_EXT_DOC: 'Extension de document non acceptée',
  IRR_TAILLE_F: 'Fichier trop volumineux',
  IRR_ANTIVIRUS: 'Virus détecté',
  IRR_NOM_F: 'Nom de fichier non accepté',
};

export function isLifecycleReason(code: string): code is LifecycleReason {
  return (lifecycleReasons as readonly string[]).includes(code);
}

/** The French label of a reason code (the code itself when it is not one of the list). */
export function lifecycleReasonLabel(code: string): string {
  return isLifecycleReason(code) ? lifecycleReasonLabels[code] : code;
}

/**
 * The reasons each status may carry (BR-FR-CDV-CL-09; 210 as between companies, not towards a
 * public body). A status listed here needs one (BR-FR-CDV-15), except 200 which may have none.
 */
export const reasonsByStatus: Partial<Record<LifecycleStatus, readonly LifecycleReason[]>> = {
  '200': ['NON_TRANSMISE'],
  '206': [
    'AUTRE',
    'CMD_ERR',
    'SIRET_ERR',
    'CODE_ROUTAGE_ERR',
    'REF_CT_ABSENT',
    'REF_ERR',
    'PU_ERR',
    'REM_ERR',
    'QTE_ERR',
    'ART_ERR',
    'MODPAI_ERR',
    'QUALITE_ERR',
    'LIVR_INCOMP',
  ],
  '207': [
    'AUTRE',
    'COORD_BANC_ERR',
    'TX_TVA_ERR',
    'MONTANTTOTAL_ERR',
    'CALCUL_ERR',
    'NON_CONFORME',
    'DOUBLON',
    'DEST_INC',
    'DEST_ERR',
    'TRANSAC_INC',
    'EMMET_INC',
    'CONTRAT_TERM',
    'DOUBLE_FACT',
    'CMD_ERR',
    'ADR_ERR',
    'SIRET_ERR',
    'CODE_ROUTAGE_ERR',
    'REF_CT_ABSENT',
    'REF_ERR',
    'PU_ERR',
    'REM_ERR',
    'QTE_ERR',
    'ART_ERR',
    'MODPAI_ERR',
    'QUALITE_ERR',
    'LIVR_INCOMP',
  ],
  '208': [
    'JUSTIF_ABS',
    'COORD_BANC_ERR',
    'CMD_ERR',
    'SIRET_ERR',
    'CODE_ROUTAGE_ERR',
    'REF_CT_ABSENT',
    'REF_ERR',
  ],
  '210': [
    'TX_TVA_ERR',
    'MONTANTTOTAL_ERR',
    'CALCUL_ERR',
    'NON_CONFORME',
    'DOUBLON',
    'DEST_ERR',
    'TRANSAC_INC',
    'EMMET_INC',
    'CONTRAT_TERM',
    'DOUBLE_FACT',
    'CMD_ERR',
    'ADR_ERR',
    'REF_CT_ABSENT',
  ],
  '213': [
    'MONTANTTOTAL_ERR',
    'CALCUL_ERR',
    'DOUBLON',
    'DEST_INC',
    'ADR_ERR',
    'REJ_SEMAN',
    'REJ_UNI',
    'REJ_COH',
    'REJ_ADR',
    'REJ_REF_PJ',
    'REJ_ASS_PJ',
  ],
  '221': ['ROUTAGE_ERR'],
  '501': [
    'IRR_VIDE_F',
    'IRR_TYPE_F',
    'IRR_SYNTAX',
    'IRR_TAILLE_PJ',
    'IRR_NOM_PJ',
    'IRR_VID_PJ',
    'IRR_EXT_DOC',
    'IRR_TAILLE_F',
    'IRR_ANTIVIRUS',
    'IRR_NOM_F',
  ],
};

/** The statuses that must carry a reason (BR-FR-CDV-15). */
export const statusesRequiringReason: readonly LifecycleStatus[] = ['206', '207', '208', '210', '213', '501'];

/** Whether `reason` may explain `status` (any listed reason for a status without its own list). */
export function reasonAllowedFor(status: string, reason: string): boolean {
  if (!isLifecycleReason(reason)) return false;
  const allowed = isLifecycleStatus(status) ? reasonsByStatus[status] : undefined;
  return allowed === undefined || allowed.includes(reason);
}

/** Acknowledgement of a flow by the platform (Flow Service `FlowAckStatus`). */
export const flowAckStatuses = ['Pending', 'Ok', 'Error'] as const;
export type FlowAckStatus = (typeof flowAckStatuses)[number];
export const flowAckStatusLabels: Record<FlowAckStatus, string> = {
  Pending: 'En cours de contrôle par la plateforme',
  Ok: 'Acceptée par la plateforme',
  Error: 'Refusée par la plateforme',
};
