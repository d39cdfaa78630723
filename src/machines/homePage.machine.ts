import { isHomeEmpty, loadHomeData } from '../services/home.data';
import { createPageDataMachine } from './pageData';

export const homePageMachine = createPageDataMachine('homePage', loadHomeData, isHomeEmpty);
