import { loadSiteFigures } from '../../services/site/siteFigures.data';
import { createPageDataMachine } from '../shared/pageData';

export type { SiteFigures } from '../../services/site/siteFigures.data';

/** The about page's figures (exam projects, course counts), loaded from the catalogue. */
export const aboutPageMachine = createPageDataMachine({ id: 'aboutPage', load: loadSiteFigures });
