import { useId } from 'react';
import { SCRIPT_CODE_MAX_LENGTH } from '@coulisses/domain/constants/limits';
import { MESSAGES } from '@coulisses/domain/messages';
import { assistantScriptRefusal } from '@coulisses/domain/rules/assistant-script';
import type { PageSettings } from '@coulisses/domain/schemas/page';

/** Where a creator learns about the AI assistant whose script code goes in the page. */
export const ASSISTANT_INFO_URL = 'https://lebavard.fr/';

/**
 * Why the app does not get the script saved on this page, or null: a script saved before the
 * policy (docs/decisions/009-assistant-script-is-data.md) is still shown, with what to correct.
 */
export function storedScriptError(page: PageSettings): string | null {
  const refusal = assistantScriptRefusal(page.lebavard_url, page.assistant_script_hosts);
  return refusal && `${MESSAGES.assistantScriptNotServed} ${refusal}`;
}

/** The assistant script code: shown and edited as text only, never run in the back-office. */
export function AssistantScriptField({
  value,
  hosts,
  error,
  onChange,
}: {
  value: string;
  hosts: readonly string[];
  error: string | undefined;
  onChange: (value: string) => void;
}) {
  const inputId = useId();
  const describedBy = [`${inputId}-hint`, error && `${inputId}-error`].filter(Boolean).join(' ');
  return (
    <div className="field">
      <label htmlFor={inputId}>Code du script de l'assistant IA (facultatif)</label>
      <p id={`${inputId}-hint`} className="field-hint">
        Colle ici la balise &lt;script src=&quot;https://…&quot;&gt;&lt;/script&gt; fournie par le service
        d'assistant, hébergée sur {hosts.join(', ')} : l'app l'intègre à ta page. Elle n'est jamais exécutée
        ici.{' '}
        <a href={ASSISTANT_INFO_URL} target="_blank" rel="noopener noreferrer">
          En savoir plus sur l'assistant<span className="visually-hidden"> (nouvel onglet)</span>
        </a>
      </p>
      <textarea
        id={inputId}
        name="lebavard_url"
        className="code-input"
        rows={5}
        spellCheck={false}
        autoCapitalize="off"
        autoComplete="off"
        maxLength={SCRIPT_CODE_MAX_LENGTH}
        value={value}
        aria-invalid={!!error}
        aria-describedby={describedBy}
        onChange={(event) => onChange(event.target.value)}
      />
      {error && (
        <p id={`${inputId}-error`} className="field-error">
          {error}
        </p>
      )}
    </div>
  );
}
