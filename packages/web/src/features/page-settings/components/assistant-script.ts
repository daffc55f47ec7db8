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
