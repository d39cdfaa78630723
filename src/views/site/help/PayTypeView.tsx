import { CORPORATE_ACCOUNT } from '../../../domain/site/corporateAccount';
import { SITE } from '../../../domain/site/facts';
import { paths } from '../../../paths';
import { usePageTitle } from '../../shared/usePageTitle';
import HelpCentreLayout, { HelpArticle, HelpLink, HelpList, HelpParagraph, HelpSection } from './HelpCentreLayout';

const ACCOUNT_ROWS: ReadonlyArray<readonly [string, string]> = [
  ['户名', CORPORATE_ACCOUNT.accountName],
  ['开户银行', CORPORATE_ACCOUNT.bankName],
  ['账号', CORPORATE_ACCOUNT.accountNumber],
  ['纳税人识别号', CORPORATE_ACCOUNT.taxId],
];

/** 帮助中心 - 支付方式. The method cards and the badge are plain elements with the look of Fluent's Card and Badge (help.css). */
export default function PayTypeView() {
  usePageTitle('支付方式');
  return (
    <HelpCentreLayout>
      <HelpArticle title="支付方式" meta="更新日期：2026年11月1日">
        <HelpSection title="支持的支付方式">
          <HelpParagraph>学途目前支持以下支付方式。所有线上支付均由持牌第三方支付机构处理，学途不会保存您的银行卡号或支付密码。</HelpParagraph>
          <div className="xt-pay-type__methods">
            <div role="group" className="xt-pay-type__method">
              <div className="xt-pay-type__method-head">
                <span className="xt-pay-type__mark xt-pay-type__mark--wechat" aria-hidden="true">
                  微
                </span>
                <h3 className="xt-pay-type__method-title">微信支付</h3>
              </div>
              <span className="xt-pay-type__note xt-help__muted">
                在订单支付页使用微信“扫一扫”扫描二维码完成付款；在微信内打开学途时可直接调起微信支付。支持零钱、银行卡等微信支付可用的付款方式。
              </span>
            </div>
            <div role="group" className="xt-pay-type__method">
              <div className="xt-pay-type__method-head">
                <span className="xt-pay-type__mark xt-pay-type__mark--alipay" aria-hidden="true">
                  支
                </span>
                <h3 className="xt-pay-type__method-title">支付宝</h3>
              </div>
              <span className="xt-pay-type__note xt-help__muted">
                使用支付宝 App 扫描订单支付页的二维码，或跳转至支付宝收银台付款。支持余额、余额宝、花呗及银行卡（以支付宝收银台展示为准）。
              </span>
            </div>
            <div role="group" className="xt-pay-type__method">
              <div className="xt-pay-type__method-head">
                <span className="xt-pay-type__mark xt-pay-type__mark--bank" aria-hidden="true">
                  银
                </span>
                <h3 className="xt-pay-type__method-title">银行转账 / 对公转账</h3>
                <span className="xt-pay-type__badge">企业采购</span>
              </div>
              <span className="xt-pay-type__note xt-help__muted">仅适用于企业、院校等机构批量采购课程或题库。个人学员请使用微信支付或支付宝在线支付。</span>
            </div>
          </div>
        </HelpSection>

        <HelpSection title="企业采购对公转账">
          <HelpParagraph>
            机构批量采购前，请先拨打客服电话 {SITE.servicePhone} 或发送邮件至 {SITE.serviceEmail}，与我们确认采购清单、金额及开通账号名单，再向以下账户转账：
          </HelpParagraph>
          <dl className="xt-pay-type__account" aria-label="对公收款账户（仅限企业采购）">
            {ACCOUNT_ROWS.map(([term, value]) => (
              <div key={term} className="xt-pay-type__row">
                <dt className="xt-pay-type__term">{term}</dt>
                <dd className="xt-pay-type__value">{value}</dd>
              </div>
            ))}
          </dl>
          <HelpList
            items={[
              '转账时请在附言中注明“企业名称 + 联系人手机号”，以便我们核对到账款项。',
              '款项到账并核对无误后，我们将在 1-3 个工作日内为指定账号开通课程，并通过邮件告知开通结果。',
              '对公转账不支持线上自动开通，也不适用于个人订单；请勿向任何个人账户或以上账户以外的账户付款。',
            ]}
          />
        </HelpSection>

        <HelpSection title="如何支付订单">
          <HelpList
            ordered
            items={[
              '在课程或题库详情页点击“立即购买”，进入提交订单页，核对商品、价格和可用优惠券后点击“提交订单”。',
              '进入订单支付页，选择微信支付或支付宝，按页面提示扫码或跳转完成付款。',
              '订单提交后请在 30 分钟内完成支付。超时未支付的订单将自动取消，订单使用的优惠券在有效期内会退回您的账户。',
              '支付成功后课程立即开通，您可以在“个人中心 - 我的课程”开始学习，在“我的订单”查看订单详情。',
            ]}
          />
          <HelpParagraph>
            如果您已完成付款，但订单仍显示“待支付”，请不要重复付款。可稍后刷新“我的订单”查看；若 30
            分钟后仍未更新，请联系客服并提供支付凭证中的交易单号，我们会尽快为您处理。
          </HelpParagraph>
        </HelpSection>

        <HelpSection title="发票">
          <HelpParagraph>
            学途为已支付的订单开具增值税电子普通发票，发票金额为订单实际支付金额（优惠券、兑换码抵扣部分不开票）。企业采购如需增值税专用发票，请在采购时告知客服。
          </HelpParagraph>
          <HelpList
            items={[
              `申请方式：联系在线客服或发送邮件至 ${SITE.serviceEmail}，提供订单号、发票抬头（个人姓名或单位名称）、纳税人识别号（单位抬头必填）和接收发票的邮箱。`,
              '开具时间：审核通过后 3-5 个工作日内，电子发票将发送至您提供的邮箱，与纸质发票具有同等法律效力。',
              '申请期限：请在订单支付成功后 180 天内申请；同一订单只能开具一次发票。',
              '已开具发票的订单申请退款时，需先完成发票作废或红冲。',
            ]}
          />
        </HelpSection>

        <HelpSection title="退款说明">
          <HelpList
            items={[
              '7 天无理由退款：自购买之日起 7 天内，课程学习进度不足 10%、且未下载讲义等课程资料的，可申请全额退款。',
              '超过 7 天，或学习进度已达 10% 及以上的课程，原则上不予退款；因考试政策调整等特殊原因无法参加考试的，可联系客服协商处理。',
              '训练营、含实物教材的课程、限时特价及兑换码开通的课程，以商品页标注的退款规则为准；实物教材已寄出的，需退回教材并承担运费。',
              '题库类商品开通后即可查看全部试题与解析，开通后不支持无理由退款。公开课等免费内容不涉及退款。',
              '退款流程：联系客服提交申请，1-3 个工作日内完成审核；审核通过后款项原路退回，到账时间以支付渠道为准（通常 1-7 个工作日）。退款后对应课程权限同时关闭，订单使用的优惠券不予退回。',
            ]}
          />
          <HelpParagraph>
            完整的付费与退款规则请参阅<HelpLink href={paths.userAgreement()}>《用户服务协议》</HelpLink>。
          </HelpParagraph>
        </HelpSection>

        <HelpSection title="联系我们">
          <p className="xt-help__closing xt-help__muted">
            支付、发票或退款问题，请拨打客服电话 {SITE.servicePhone}（{SITE.serviceHours}），或发送邮件至 {SITE.serviceEmail}。
          </p>
        </HelpSection>
      </HelpArticle>
    </HelpCentreLayout>
  );
}
