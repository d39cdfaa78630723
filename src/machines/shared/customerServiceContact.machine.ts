/**
 * The contact panel's details (site param CONTACT_PARAM_KEY through param/getItemByKey): loading,
 * loaded, empty (absent, switched off or nothing to show) and failed with a retry. Silent: the
 * panel shows its own error, no toast on top of it.
 */
import { CONTACT_PARAM_KEY, parseContactDetails, type ContactDetails } from '../../domain/site/contactDetails';
import { CONTACT_PANEL_TEXTS } from '../../domain/site/contactPanel.texts';
import { SITE_CALLS } from '../../domain/site/calls';
import { call } from '../../services/shared/http/client';
import { createPageDataMachine } from './pageData';

async function loadContactDetails(): Promise<ContactDetails | null> {
  const param = await call(SITE_CALLS.paramByKey, { params: { key: CONTACT_PARAM_KEY }, silent: true });
  return parseContactDetails(param?.value, CONTACT_PANEL_TEXTS.defaultTitle);
}

export const customerServiceContactMachine = createPageDataMachine({
  id: 'customerServiceContact',
  load: loadContactDetails,
  outcomes: { empty: (details: ContactDetails | null) => details === null },
});
