import { loadSiteFigures } from '../services/siteFigures.data';
import { createPageDataMachine } from './pageData';

export type { SiteFigures } from '../services/siteFigures.data';

/** The about page's figures (exam projects, course counts), loaded from the catalogue. */
export const aboutPageMachine = createPageDataMachine('aboutPage', loadSiteFigures);
