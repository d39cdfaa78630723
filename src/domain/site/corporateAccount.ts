/** Corporate bank account for 对公转账 (enterprise purchases only). Fictional details. */
export interface CorporateAccount {
  readonly accountName: string;
  readonly bankName: string;
  readonly accountNumber: string;
  readonly taxId: string;
}

export const CORPORATE_ACCOUNT: CorporateAccount = {
  accountName: '学途教育科技有限公司',
  bankName: '中国工商银行北京学院路支行',
  accountNumber: '0200 0000 0000 0000 000',
  taxId: '91110108MA00000000',
};
