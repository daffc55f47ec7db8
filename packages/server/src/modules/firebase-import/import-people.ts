import { EmailSchema } from '@coulisses/domain/schemas/common';
import type { AuthUser } from './auth-export.ts';
import { countField, flagField, idsField, textField, timeField } from './document-fields.ts';
import type { FirestoreDocument } from './firestore-export.ts';
import { countOf, skip, warn, type ImportReport } from './import-report.ts';

export interface ImportedUser {
  id: string;
  email: string;
  pseudonym: string | null;
  is_creator: number;
  is_superadmin: number;
  total_views: number;
  total_clicks: number;
  created_at: number;
  /** Firebase's hash, checked at the first sign-in and then replaced by ours. */
  firebasePassword: { passwordHash: string; salt: string } | undefined;
}

export interface ImportedCreator {
  id: string;
  title: string;
  bio: string;
  email: string;
  hor_img_url: string;
  ver_img_url: string;
  facebook_url: string;
  instagram_url: string;
  youtube_url: string;
  tiktok_url: string;
  linkedin_url: string;
  home_video_url: string;
  email_visible: number;
  lebavard_url: string;
  is_live: number;
  is_active: number;
  total_views: number;
  total_clicks: number;
  /** The creator's own list of video ids, only compared with the videos that name them. */
  listedVideoIds: string[];
}

const bit = (value: boolean) => (value ? 1 : 0);

/** What the superadmin's "add creator" makes: an active, unpublished, empty page. */
function emptyPage(user: ImportedUser): ImportedCreator {
  return {
    id: user.id,
    title: '',
    bio: '',
    email: user.email,
    hor_img_url: '',
    ver_img_url: '',
    facebook_url: '',
    instagram_url: '',
    youtube_url: '',
    tiktok_url: '',
    linkedin_url: '',
    home_video_url: '',
    email_visible: 0,
    lebavard_url: '',
    is_live: 0,
    is_active: 1,
    total_views: 0,
    total_clicks: 0,
    listedVideoIds: [],
  };
}

/**
 * Users: a Firestore user document with a valid e-mail, joined to its Firebase Auth record by id
 * for the password. An e-mail already taken (ignoring case) keeps its first holder.
 */
export function planUsers(
  docs: Map<string, FirestoreDocument>,
  authUsers: AuthUser[] | undefined,
  report: ImportReport,
  now: number,
): ImportedUser[] {
  const auth = new Map((authUsers ?? []).map((user) => [user.localId, user]));
  const emails = new Set<string>();
  const users: ImportedUser[] = [];
  for (const [id, doc] of docs) {
    const record = auth.get(id);
    const parsed = EmailSchema.safeParse(textField(doc, 'email') || record?.email || '');
    if (!parsed.success) {
      skip(report, 'users', id, 'e-mail absent ou invalide');
      continue;
    }
    if (emails.has(parsed.data)) {
      skip(report, 'users', id, `e-mail ${parsed.data} déjà pris par un autre compte (casse ignorée)`);
      continue;
    }
    emails.add(parsed.data);
    if (authUsers && !record)
      warn(report, 'users', id, 'aucun compte Firebase Auth : importé sans mot de passe');
    else if (record?.disabled)
      warn(report, 'users', id, 'compte désactivé dans Firebase : importé sans mot de passe');
    else if (record && !(record.passwordHash && record.salt)) {
      warn(
        report,
        'users',
        id,
        'pas de mot de passe (autre fournisseur) : donne-lui en un avec `user password`',
      );
    }
    const usable = record && !record.disabled && record.passwordHash && record.salt;
    users.push({
      id,
      email: parsed.data,
      pseudonym: textField(doc, 'pseudonym', 'pseudo') || null,
      is_creator: bit(flagField(doc, 'is_creator')),
      is_superadmin: bit(flagField(doc, 'is_superadmin')),
      total_views: countField(doc, 'total_views'),
      total_clicks: countField(doc, 'total_clicks'),
      created_at: record?.createdAt ?? timeField(doc, 'created_at', 'createdAt') ?? now,
      firebasePassword: usable ? { passwordHash: record.passwordHash!, salt: record.salt! } : undefined,
    });
  }
  for (const record of authUsers ?? []) {
    if (!docs.has(record.localId)) {
      warn(report, 'users', record.localId, 'compte Firebase Auth sans document Firestore : non importé');
    }
  }
  countOf(report, 'users').imported = users.length;
  return users;
}

/** Creators: each the page of an imported user, whose is_creator it confirms. */
export function planCreators(
  docs: Map<string, FirestoreDocument>,
  users: ImportedUser[],
  report: ImportReport,
): ImportedCreator[] {
  const byId = new Map(users.map((user) => [user.id, user]));
  const creators: ImportedCreator[] = [];
  for (const [id, doc] of docs) {
    const user = byId.get(id);
    if (!user) {
      skip(report, 'creators', id, 'aucun utilisateur importé avec cet id');
      continue;
    }
    if (!user.is_creator) {
      warn(report, 'creators', id, 'l’utilisateur n’avait pas is_creator : il devient créateur');
      user.is_creator = 1;
    }
    creators.push({
      id,
      title: textField(doc, 'title'),
      bio: textField(doc, 'bio'),
      email: textField(doc, 'email') || user.email,
      hor_img_url: textField(doc, 'hor_img_url'),
      ver_img_url: textField(doc, 'ver_img_url'),
      facebook_url: textField(doc, 'facebook_url'),
      instagram_url: textField(doc, 'instagram_url'),
      youtube_url: textField(doc, 'youtube_url'),
      tiktok_url: textField(doc, 'tiktok_url'),
      linkedin_url: textField(doc, 'linkedin_url'),
      home_video_url: textField(doc, 'home_video_url'),
      email_visible: bit(flagField(doc, 'email_visible')),
      lebavard_url: textField(doc, 'lebavard_url'),
      is_live: bit(flagField(doc, 'is_live')),
      is_active: bit(flagField(doc, 'is_active', true)),
      total_views: countField(doc, 'total_views'),
      total_clicks: countField(doc, 'total_clicks'),
      listedVideoIds: idsField(doc, 'videos'),
    });
  }
  for (const user of users) {
    if (user.is_creator && !creators.some((creator) => creator.id === user.id)) {
      warn(report, 'creators', user.id, 'créateur sans page : page vide créée, non publiée');
      creators.push(emptyPage(user));
    }
  }
  countOf(report, 'creators').imported = creators.length;
  return creators;
}
