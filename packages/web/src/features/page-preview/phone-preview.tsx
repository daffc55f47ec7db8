import { SOCIAL_LINKS, type SocialLinkField } from '@coulisses/domain/constants/social-links';
import { thumbnailUrlOf } from '@coulisses/domain/rules/youtube-link';
import { PreviewThumbnail } from './preview-thumbnail.tsx';

export interface PreviewedPage {
  title: string;
  bio: string;
  /** A saved image's URL or a local preview (blob:) of the one just picked; null when none. */
  horizontalImage: string | null;
  verticalImage: string | null;
  homeVideoUrl: string;
  links: Record<SocialLinkField, string>;
  email: string;
  emailVisible: boolean;
  scriptCode: string;
}

function isHttpLink(text: string): boolean {
  try {
    const url = new URL(text.trim());
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

/**
 * The creator page roughly as the app shows it, drawn from what the form holds right now, before
 * any save. Everything is rendered as text or inert images: the assistant script is only named,
 * never run, and a link still being typed is shown only once it is a real http(s) address.
 */
export function PhonePreview({ page }: { page: PreviewedPage }) {
  const thumbnail = thumbnailUrlOf(page.homeVideoUrl, 'high');
  const links = SOCIAL_LINKS.filter(({ field }) => isHttpLink(page.links[field]));
  return (
    <figure className="phone-preview" aria-labelledby="phone-preview-caption">
      <figcaption id="phone-preview-caption" className="phone-preview-caption">
        Aperçu dans l’app
      </figcaption>
      <div className="phone-frame" data-testid="phone-preview">
        <div className="phone-screen">
          {page.horizontalImage ? (
            <img className="phone-banner" src={page.horizontalImage} alt="Image horizontale de la page" />
          ) : (
            <div className="phone-banner phone-empty">Image horizontale</div>
          )}
          <div className="phone-body">
            <div className="phone-identity">
              {page.verticalImage ? (
                <img className="phone-portrait" src={page.verticalImage} alt="Image verticale de la page" />
              ) : (
                <div className="phone-portrait phone-empty" aria-hidden="true" />
              )}
              <p className="phone-title">{page.title.trim() || 'Titre de ta page'}</p>
            </div>
            {page.bio.trim() && <p className="phone-bio">{page.bio}</p>}
            <PreviewThumbnail url={thumbnail} />
            {links.length > 0 && (
              <ul className="phone-links" aria-label="Réseaux">
                {links.map(({ field, label }) => (
                  <li key={field}>{label}</li>
                ))}
              </ul>
            )}
            {page.emailVisible && page.email && <p className="phone-email">{page.email}</p>}
            {page.scriptCode.trim() && (
              <p className="phone-assistant" role="note" aria-label="Assistant IA">
                Assistant IA : ton script s’affichera ici dans l’app (il ne s’exécute pas dans l’aperçu).
              </p>
            )}
          </div>
        </div>
      </div>
    </figure>
  );
}
