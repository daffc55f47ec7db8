import { paths } from '../../../config/paths.ts';
import { Link } from '../../../lib/router.tsx';

interface Step {
  label: string;
  to: string;
  done: boolean;
}

/**
 * A new creator's next steps instead of three zeros: complete the page, publish it, add a first
 * video, each a link, each ticked once done. Gone when all three are.
 */
export function FirstSteps({
  pageComplete,
  pagePublished,
  hasVideos,
}: {
  pageComplete: boolean;
  pagePublished: boolean;
  hasVideos: boolean;
}) {
  const steps: Step[] = [
    {
      label: 'Complète ta page : titre, images et vidéo à la une',
      to: paths.pageSettings,
      done: pageComplete,
    },
    { label: 'Publie ta page', to: paths.pageSettings, done: pagePublished },
    { label: 'Ajoute ta première vidéo', to: paths.addVideo, done: hasVideos },
  ];
  if (steps.every((step) => step.done)) return null;
  return (
    <section className="card first-steps" aria-labelledby="first-steps">
      <h2 id="first-steps">Pour bien démarrer</h2>
      <ol className="checklist">
        {steps.map((step) => (
          <li key={step.label} className={step.done ? 'checklist-done' : undefined}>
            <span className="checklist-mark" aria-hidden="true" />
            {step.done ? (
              <span>
                {step.label} <span className="visually-hidden">(fait)</span>
              </span>
            ) : (
              <Link to={step.to}>{step.label}</Link>
            )}
          </li>
        ))}
      </ol>
    </section>
  );
}
