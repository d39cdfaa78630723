/** What the course detail page offers: which SKU it picks first, and which action a course's button takes. */
import type { CourseSku } from '../commerce/contract';
import type { CourseType } from './contract';

/** A SKU a student may still choose: any SKU but a camp cohort that stopped taking students. */
export function isSkuOpen(sku: Pick<CourseSku, 'enrolEndsAt'>, now: number): boolean {
  return sku.enrolEndsAt === null || now < sku.enrolEndsAt;
}

/** The SKU chosen when the page opens: the first open one (the server lists them cheapest or earliest first); null when none is open. */
export function defaultSkuId(skus: readonly CourseSku[], now: number): number | null {
  return skus.find((sku) => isSkuOpen(sku, now))?.id ?? null;
}

/** The button of a course the student does not own: a FREE course is activated, any other bought. */
export function acquireKind(type: CourseType): 'ACTIVATE' | 'BUY' {
  return type === 'FREE' ? 'ACTIVATE' : 'BUY';
}
