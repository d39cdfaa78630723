/** Site-wide shapes: advertisement slots and site parameters every page may show. */

export interface AdItem {
  id: number;
  title: string;
  imageUrl: string;
  linkUrl: string | null;
}

export interface SiteParam {
  key: string;
  value: string;
}
