/** Static facts about the site and the company behind it, shown on the content pages (about, help centre, app download). */
export interface SiteFacts {
  readonly companyName: string;
  readonly servicePhone: string;
  readonly serviceHours: string;
  readonly serviceEmail: string;
  /** Mailbox for copyright and content complaints. */
  readonly complaintEmail: string;
  /** Mailbox of the personal-information protection contact. */
  readonly privacyEmail: string;
  readonly address: string;
  readonly postcode: string;
  readonly icp: string;
  readonly copyright: string;
}

export const SITE: SiteFacts = {
  companyName: '学途教育科技有限公司',
  servicePhone: '400-820-6688',
  serviceHours: '周一至周日 9:00-21:00',
  serviceEmail: 'service@xuetu.example',
  complaintEmail: 'legal@xuetu.example',
  privacyEmail: 'privacy@xuetu.example',
  address: '北京市海淀区学院路 30 号学途大厦 8 层',
  postcode: '100083',
  icp: '京ICP备2026000001号',
  copyright: '© 2026 学途教育科技有限公司 版权所有',
};
