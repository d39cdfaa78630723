import { isHomeEmpty, loadHomeData } from '../../services/site/home.data';
import { createPageDataMachine } from '../shared/pageData';

export const homePageMachine = createPageDataMachine({ id: 'homePage', load: loadHomeData, outcomes: { empty: isHomeEmpty } });
