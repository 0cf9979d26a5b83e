/**
 * The caller's own company: its legal profile (DOCUMENTS.md § 1) and its users, as its
 * administrator manages them. The company is always the session's (`companyId` first in every call).
 */
import type { Company, CompanyProfile, CompanyProfileData } from '@btp/shared/entities/company';
import {
  companyProfileFieldNames,
  companyWithDefaults,
  missingProfileFields,
  slugify,
  type CompanyProfileFieldName,
} from '@btp/shared/entities/company-profile';
import { DEFAULT_COST_ALERT_THRESHOLD } from '@btp/shared/job-costing';
import type { CompanyUser, CompanyUserUpdateData } from '@btp/shared/entities/company-user';
import { sirenOfSiret } from '@btp/shared/legal-identity';
import { reminderSettingsOf } from '@btp/shared/reminder-settings';
import type { ReminderSettingsData } from '@btp/shared/reminders';
import {
  companyEmailMarker,
  companyEmailTaken,
  companyKey,
  companyNameTaken,
  getCompany,
  slugMarker,
} from '../accounts/companies.js';
import { changedUser, saveUserChange } from '../accounts/user-changes.js';
import { getUser, listCompanyUsers, publicUser, type StoredUser } from '../accounts/users.js';
import { documents } from '../data/entities/documents.js';
import { staleVersionMessage } from '../data/entity-repository.js';
import { normaliseUnique } from '../data/keys.js';
import { nowIso } from '../data/ids.js';
import { transactWrite, type TransactItem } from '../data/transactions.js';
import { tableName } from '../lib/dynamo.js';
import { badRequest, conflict, notFound, type HttpError } from '../lib/http-errors.js';

export const companyMessages = {
  noCompany: "Aucune entreprise n'est associée à votre compte.",
  companyNotFound: 'Entreprise introuvable.',
  userNotFound: 'Utilisateur introuvable.',
  logoNotFound:
    "Le logo doit être un document de l'entreprise : déposez l'image dans Documents puis choisissez-la.",
  logoNotImage: 'Le logo doit être une image PNG ou JPEG.',
  companyFull: (maxUsers: number) =>
    `Votre entreprise a atteint son nombre maximal d'utilisateurs actifs (${maxUsers}) : désactivez un compte ou demandez une augmentation de votre abonnement.`,
  lastAdminSelf:
    "Impossible : vous êtes le dernier administrateur actif de l'entreprise. Nommez d'abord un autre administrateur.",
  lastAdmin: "Impossible : l'entreprise doit garder au moins un administrateur actif.",
  membersChanged:
    "Les utilisateurs de l'entreprise ont été modifiés entre-temps : rechargez la liste puis recommencez.",
};

/** The stored company record: what `Company` describes plus the guard of membership changes. */
type StoredCompany = Company & {
  /** Moves with every activation, deactivation or role change made by the company's administrator. */
  membersVersion?: number;
};

/** Image types a logo may have (as the documents routes store them, from the checked file). */
const logoMimeTypes = new Set(['image/png', 'image/jpeg']);

/** `GET /api/company` and `PUT /api/company` answer. */
function profileView(stored: Company): CompanyProfile {
  const company = companyWithDefaults(stored);
  const profile: Record<string, unknown> = {};
  for (const field of companyProfileFieldNames) {
    if (company[field] !== undefined) profile[field] = company[field];
  }
  return {
    id: company.id,
    createdAt: company.createdAt,
    updatedAt: company.updatedAt,
    version: company.version,
    ...(profile as Pick<CompanyProfile, CompanyProfileFieldName>),
    ...(company.siren !== undefined ? { siren: company.siren } : {}),
    status: company.status,
    subscriptionPlan: company.subscriptionPlan,
    ...(company.subscriptionEndDate !== undefined
      ? { subscriptionEndDate: company.subscriptionEndDate }
      : {}),
    maxUsers: company.maxUsers,
    missingFields: {
      quote: missingProfileFields(company, { forInvoice: false }),
      invoice: missingProfileFields(company, { forInvoice: true }),
    },
    ...reminderSettingsOf(company),
    costAlertThreshold: company.costAlertThreshold ?? DEFAULT_COST_ALERT_THRESHOLD,
  };
}

async function ownCompany(companyId: string): Promise<StoredCompany> {
  const company = await getCompany(companyId);
  if (!company) throw notFound(companyMessages.companyNotFound);
  return company;
}

/**
 * `GET /api/company`: the caller's company with its profile. A super administrator has no company
 * of their own: 404.
 */
export async function getCompanyProfile(companyId: string | null): Promise<CompanyProfile> {
  if (!companyId) throw notFound(companyMessages.noCompany);
  return profileView(await ownCompany(companyId));
}

const logoError = (message: string): HttpError =>
  badRequest(undefined, [{ path: 'logoDocumentId', message }]);

/** The condition that the logo's document still exists when the profile is written. */
async function logoCheck(companyId: string, documentId: string): Promise<TransactItem> {
  const document = await documents.get(companyId, documentId);
  if (!document) throw logoError(companyMessages.logoNotFound);
  if (!logoMimeTypes.has((document.mimeType ?? '').toLowerCase()))
    throw logoError(companyMessages.logoNotImage);
  return {
    ConditionCheck: {
      TableName: tableName(),
      Key: documents.key(companyId, documentId),
      ConditionExpression: 'attribute_exists(pk)',
    },
  };
}

/** The items that move a global uniqueness marker from `before` to `after` (either may be absent). */
function moveMarker(
  companyId: string,
  before: { pk: string; sk: string } | undefined,
  after: { pk: string; sk: string } | undefined,
): TransactItem[] {
  if (before?.pk === after?.pk) return [];
  const items: TransactItem[] = [];
  if (before) {
    items.push({
      Delete: {
        TableName: tableName(),
        Key: before,
        ConditionExpression: 'attribute_not_exists(pk) OR ownerId = :owner',
        ExpressionAttributeValues: { ':owner': companyId },
      },
    });
  }
  if (after) {
    items.push({
      Put: {
        TableName: tableName(),
        Item: { ...after, ownerId: companyId },
        ConditionExpression: 'attribute_not_exists(pk)',
      },
    });
  }
  return items;
}

/**
 * `PUT /api/company`: the whole profile (a field left out is cleared, a defaulted one reset to its
 * default), guarded by `version` (409 when stale). A new name moves the company's unique slug and a
 * new e-mail its unique e-mail marker in the same transaction (409 when another company holds
 * them); the logo must be a PNG or JPEG document of the company (400). Only the profile's
 * attributes are written (an update, not a replacement), so the plan, the user counters and the
 * status kept by the super administrator and by registrations are never overwritten. Nothing is
 * written on any error.
 */
export async function updateCompanyProfile(
  companyId: string,
  input: CompanyProfileData,
): Promise<CompanyProfile> {
  const { version, ...profile } = input;
  const current = await ownCompany(companyId);
  if (version !== undefined && version !== current.version) throw conflict(staleVersionMessage);

  const logo = profile.logoDocumentId ? await logoCheck(companyId, profile.logoDocumentId) : undefined;
  const slug = slugify(profile.name);
  const siren = sirenOfSiret(profile.siret);
  // Every profile field is written: one the body left out is removed.
  const written: Record<string, unknown> = {};
  for (const field of companyProfileFieldNames) written[field] = profile[field];
  Object.assign(written, { slug, siren, updatedAt: nowIso(), version: current.version + 1 });

  const names: Record<string, string> = {};
  const values: Record<string, unknown> = { ':read': current.version };
  const set: string[] = [];
  const remove: string[] = [];
  Object.entries(written).forEach(([field, value], index) => {
    names[`#f${index}`] = field;
    if (value === undefined) remove.push(`#f${index}`);
    else {
      values[`:v${index}`] = value;
      set.push(`#f${index} = :v${index}`);
    }
  });
  const companyUpdate: TransactItem = {
    Update: {
      TableName: tableName(),
      Key: companyKey(companyId),
      UpdateExpression: `SET ${set.join(', ')}${remove.length ? ` REMOVE ${remove.join(', ')}` : ''}`,
      ConditionExpression: 'version = :read',
      ExpressionAttributeNames: names,
      ExpressionAttributeValues: values,
    },
  };
  const slugItems = moveMarker(companyId, slugMarker(current.slug), slugMarker(slug));
  const emailKey = (email: string | undefined) => (email ? companyEmailMarker(email) : undefined);
  const sameEmail = normaliseUnique(current.email ?? '') === normaliseUnique(profile.email ?? '');
  const emailItems = sameEmail ? [] : moveMarker(companyId, emailKey(current.email), emailKey(profile.email));

  const items: TransactItem[] = [companyUpdate, ...slugItems, ...emailItems, ...(logo ? [logo] : [])];
  await transactWrite(items, (index) => {
    const item = items[index];
    if (index === 0) return conflict(staleVersionMessage);
    if (item === logo) return logoError(companyMessages.logoNotFound);
    // A marker another company holds: its Put fails. A marker of ours already gone: its Delete
    // never fails (its condition accepts a missing item), so any other failure is a lost race.
    if (item?.Put) return conflict(slugItems.includes(item) ? companyNameTaken : companyEmailTaken);
    return conflict(staleVersionMessage);
  });
  return profileView(await ownCompany(companyId));
}

/** One user as the company's administrator sees them. */
function memberView(user: StoredUser): CompanyUser {
  return { ...publicUser(user), pendingApproval: !user.isActive && user.lastLoginAt === undefined };
}

/** The company's users an administrator manages: all but super administrators. */
const isMember = (user: StoredUser) => user.role !== 'super_admin';

/** `GET /api/company/users`: the company's users, most recent first. */
export async function listCompanyMembers(companyId: string): Promise<CompanyUser[]> {
  return (await listCompanyUsers(companyId)).filter(isMember).map(memberView);
}

/**
 * The guard on the company record that makes two membership changes of one company serialise:
 * each reads the users, checks the rules below, and moves `membersVersion` from the value it read,
 * so the second of two concurrent changes fails (409) instead of breaking a rule the first changed.
 */
function membersGuard(company: StoredCompany): TransactItem {
  const read = company.membersVersion;
  return {
    Update: {
      TableName: tableName(),
      Key: companyKey(company.id),
      UpdateExpression: 'SET membersVersion = :next',
      ConditionExpression:
        read === undefined
          ? 'attribute_exists(pk) AND attribute_not_exists(membersVersion)'
          : 'membersVersion = :read',
      ExpressionAttributeValues: {
        ':next': (read ?? 0) + 1,
        ...(read === undefined ? {} : { ':read': read }),
      },
    },
  };
}

const isActiveAdmin = (user: Pick<StoredUser, 'role' | 'isActive'>) =>
  user.isActive && user.role === 'company_admin';

/**
 * `PUT /api/company/users/{id}`: activate (approve a colleague who registered with "Entreprise
 * existante"), deactivate, or change the role between user and company_admin, for a user of the
 * caller's own company only (any other id: 404, as for an unknown one). Activation respects the
 * company's `maxUsers` (active users); the company always keeps an active administrator, so the
 * last one cannot deactivate or demote themselves (409). Deactivation and role changes end the
 * user's sessions, through the same code as the super administrator's changes.
 */
export async function changeCompanyMember(
  companyId: string,
  actorId: string,
  userId: string,
  change: CompanyUserUpdateData,
): Promise<CompanyUser> {
  const current = await getUser(userId);
  if (!current || current.companyId !== companyId || !isMember(current)) {
    throw notFound(companyMessages.userNotFound);
  }
  const next = changedUser(current, change);
  if (next.isActive === current.isActive && next.role === current.role) return memberView(current);

  const [company, users] = await Promise.all([ownCompany(companyId), listCompanyUsers(companyId)]);
  const others = users.filter((user) => user.id !== current.id && isMember(user));
  if (!current.isActive && next.isActive) {
    const active = others.filter((user) => user.isActive).length;
    if (active + 1 > company.maxUsers) throw conflict(companyMessages.companyFull(company.maxUsers));
  }
  if (isActiveAdmin(current) && !isActiveAdmin(next) && !others.some(isActiveAdmin)) {
    throw conflict(current.id === actorId ? companyMessages.lastAdminSelf : companyMessages.lastAdmin);
  }
  await saveUserChange(current, next, {
    extraItems: [membersGuard(company)],
    explainExtra: () => conflict(companyMessages.membersChanged),
  });
  return memberView(next);
}

/**
 * Writes only `values` (attributes of the company item: settings), guarded by `version` (409 when
 * stale) and moving it, like the profile; answers the profile.
 */
async function saveCompanySettings(
  companyId: string,
  version: number | undefined,
  values: Record<string, unknown>,
): Promise<CompanyProfile> {
  const current = await ownCompany(companyId);
  if (version !== undefined && version !== current.version) throw conflict(staleVersionMessage);
  const names = Object.keys(values);
  await transactWrite(
    [
      {
        Update: {
          TableName: tableName(),
          Key: companyKey(companyId),
          UpdateExpression: `SET ${names.map((_, index) => `#s${index} = :s${index}`).join(', ')}, updatedAt = :now, version = :next`,
          ConditionExpression: 'version = :read',
          ExpressionAttributeNames: Object.fromEntries(names.map((name, index) => [`#s${index}`, name])),
          ExpressionAttributeValues: {
            ...Object.fromEntries(names.map((name, index) => [`:s${index}`, values[name]])),
            ':now': nowIso(),
            ':next': current.version + 1,
            ':read': current.version,
          },
        },
      },
    ],
    () => conflict(staleVersionMessage),
  );
  return profileView(await ownCompany(companyId));
}

/**
 * `PUT /api/company/costing` (company administrators): the job-costing alert threshold, % over
 * budget (docs/profitability.md).
 */
export function updateCostingSettings(
  companyId: string,
  input: { costAlertThreshold: string; version?: number | undefined },
): Promise<CompanyProfile> {
  return saveCompanySettings(companyId, input.version, { costAlertThreshold: input.costAlertThreshold });
}

/**
 * `PUT /api/company/reminders` (company administrators): turns automatic payment reminders on or
 * off and sets their subject and text (docs/reminders-notifications.md). Only these three
 * attributes are written.
 */
export function updateReminderSettings(
  companyId: string,
  input: ReminderSettingsData,
): Promise<CompanyProfile> {
  const { version, ...settings } = input;
  return saveCompanySettings(companyId, version, {
    remindersEnabled: settings.remindersEnabled,
    reminderSubject: settings.reminderSubject,
    reminderText: settings.reminderText,
  });
}
