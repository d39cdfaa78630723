import { SERVER_PAGE_KEYS } from '../../domain/shared/serverPage';
import type { HomeData } from '../../domain/site/homeData';
import { isHomeEmpty, loadHomeData } from '../../services/site/home.data';
import { serverData } from '../../services/shared/serverData';
import { createPageDataMachine } from '../shared/pageData';

export const homePageMachine = createPageDataMachine({
  id: 'homePage',
  load: loadHomeData,
  outcomes: { empty: isHomeEmpty },
  initial: () => serverData<HomeData>(SERVER_PAGE_KEYS.home()),
});
