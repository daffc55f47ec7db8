import { MESSAGES } from '@coulisses/domain/messages';
import { quoted } from '@coulisses/domain/rules/quoted';
import { Loading } from '../../components/ui/loading.tsx';
import { LoadError } from '../../components/ui/load-error.tsx';
import { usePageSettings } from '../../features/page-settings/api/get-page-settings.ts';
import {
  PageSettingsForm,
  type PageDraft,
} from '../../features/page-settings/components/page-settings-form.tsx';
import { PublishControl } from '../../features/page-settings/components/publish-control.tsx';
import { PhonePreview } from '../../features/page-preview/phone-preview.tsx';

function DraftPreview({ draft }: { draft: PageDraft }) {
  const { values, pickedImages, saved } = draft;
  return (
    <PhonePreview
      page={{
        title: values.title,
        bio: values.bio,
        horizontalImage: pickedImages.horizontal ?? saved.hor_img_url,
        verticalImage: pickedImages.vertical ?? saved.ver_img_url,
        homeVideoUrl: values.home_video_url,
        links: {
          facebook_url: values.facebook_url,
          instagram_url: values.instagram_url,
          youtube_url: values.youtube_url,
          tiktok_url: values.tiktok_url,
          linkedin_url: values.linkedin_url,
        },
        email: saved.email,
        emailVisible: draft.emailVisible,
        scriptCode: values.lebavard_url,
      }}
    />
  );
}

/** What suspension means for the creator, instead of instructions to publish they cannot follow. */
function SuspendedNotice() {
  return (
    <div className="notice notice-error suspended-notice" role="alert">
      <p>{MESSAGES.accountSuspended}</p>
      <p>
        Ta page et tes vidéos ne sont plus visibles dans l’app, et tu ne peux ni publier, ni modifier ta page,
        ni ajouter de vidéo.
      </p>
      <p>
        Pour en savoir plus ou demander la réactivation de ton compte, contacte l’équipe Coulisses qui t’a
        ouvert ton accès.
      </p>
    </div>
  );
}

export function Component() {
  const { data: page, isPending, isError, refetch } = usePageSettings();
  return (
    <section className="page page-settings">
      <h1>Page</h1>
      {page?.is_active !== false && (
        <div className="intro">
          <p className="lead">
            Les infos ci-dessous génèrent ta page de créateur dans l’app. Quand elle te plaît, appuie sur{' '}
            {quoted('Publier')} pour la mettre en ligne.
          </p>
          <p className="lead">
            Conseil : ajoute quelques vidéos avant d’en parler autour de toi, pour que ta page ne soit pas
            vide.
          </p>
        </div>
      )}
      {isPending && <Loading label="Chargement de ta page…" />}
      {isError && <LoadError message="Impossible de charger ta page." onRetry={() => void refetch()} />}
      {page &&
        (page.is_active ? (
          <>
            <PublishControl isLive={page.is_live} />
            <PageSettingsForm page={page} renderAside={(draft) => <DraftPreview draft={draft} />} />
          </>
        ) : (
          <SuspendedNotice />
        ))}
    </section>
  );
}
