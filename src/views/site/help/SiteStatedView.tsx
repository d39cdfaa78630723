import { SITE_NAME } from '../../../domain/shared/constants';
import { SITE } from '../../../domain/site/facts';
import { paths } from '../../../paths';
import { usePageTitle } from '../../shared/usePageTitle';
import HelpCentreLayout, { HelpArticle, HelpLink, HelpList, HelpParagraph, HelpSection } from './HelpCentreLayout';

/** 帮助中心 - 网站声明. */
export default function SiteStatedView() {
  usePageTitle('网站声明');
  return (
    <HelpCentreLayout>
      <HelpArticle title="网站声明" meta="更新日期：2026年11月1日">
        <HelpParagraph>
          {SITE_NAME}网校（以下简称“本网站”）由{SITE.companyName}
          （以下简称“我们”）运营。访问和使用本网站即表示您已阅读并同意本声明；如您不同意本声明的任何内容，请停止使用本网站。
        </HelpParagraph>

        <HelpSection title="一、版权声明">
          <HelpParagraph>
            本网站发布的课程视频、音频、直播回放、电子讲义、试题及解析、模拟试卷、图文资料、页面设计、软件及数据汇编等内容，除特别注明外，著作权均归
            {SITE.companyName}或相关权利人所有，受《中华人民共和国著作权法》及相关法律法规和国际条约保护。
          </HelpParagraph>
          <HelpParagraph>本网站引用的考试大纲、法律法规、国家标准等公开文件，其权利归原发布机构所有，我们仅为学习说明之目的合理使用。</HelpParagraph>
        </HelpSection>

        <HelpSection title="二、内容使用规则">
          <HelpParagraph>
            您通过合法购买或免费领取获得的课程与题库，仅限本人在本网站及学途 App 内用于个人学习。未经我们书面许可，任何单位和个人不得：
          </HelpParagraph>
          <HelpList
            items={[
              '以录屏、录音、下载、截图汇编等任何方式复制、保存课程与题库内容；',
              '将课程、讲义、试题传播至网盘、社群、二手交易平台或其他网站、应用；',
              '出租、出借、转让、出售账号或共享账号供他人学习；',
              '将本网站内容用于商业培训、出版、汇编或其他营利目的；',
              '使用爬虫、脚本等自动化手段批量抓取本网站的数据。',
            ]}
          />
          <HelpParagraph>在注明来源“{SITE_NAME}网校”且不改变原意的前提下，您可以为个人学习、评论或介绍之目的少量引用本网站的公开资讯内容。</HelpParagraph>
        </HelpSection>

        <HelpSection title="三、知识产权">
          <HelpParagraph>
            “学途”“学途网校”文字及图形标识、本网站的域名、软件著作权及相关商业标识均为{SITE.companyName}
            所有。未经书面许可，任何人不得以任何方式使用上述标识，也不得作出可能使他人误认为与我们存在合作或关联关系的行为。
          </HelpParagraph>
          <HelpParagraph>对于侵犯我们知识产权的行为，我们将依法追究其法律责任，包括但不限于要求停止侵权、赔偿损失，并保留向有关部门举报的权利。</HelpParagraph>
        </HelpSection>

        <HelpSection title="四、免责声明">
          <HelpList
            items={[
              '本网站提供的课程、题库和备考资讯仅供学习参考。考试报名条件、考试时间、考试科目、合格标准等以各考试主管部门发布的正式文件为准。',
              '我们会尽力确保内容准确、及时，但考试政策和教材可能调整，我们不对内容的完整性、时效性作出保证，也不承诺任何考试结果。',
              '本网站可能包含指向第三方网站的链接，这些链接仅为方便您而提供。离开本网站时我们会给予提示；第三方网站的内容、服务和隐私做法由其自行负责。',
              '因不可抗力、网络故障、电信部门技术调整、黑客攻击、计算机病毒等非我们所能控制的原因导致服务中断或数据损失的，我们将尽力减少影响，但不承担由此产生的责任。',
              '用户在本网站发布的评论、提问、笔记等内容仅代表其个人观点，不代表本网站立场。',
            ]}
          />
        </HelpSection>

        <HelpSection title="五、侵权投诉">
          <HelpParagraph>
            如果您认为本网站的内容侵犯了您的著作权、名誉权或其他合法权益，请将权利证明、侵权内容的具体链接、您的身份证明及联系方式发送至 {SITE.complaintEmail}
            。我们会在收到完整材料后 5 个工作日内核实处理，并将处理结果告知您。
          </HelpParagraph>
          <HelpParagraph>如发现他人传播、售卖学途课程或题库的盗版内容，欢迎向我们举报，一经核实我们将依法处理。</HelpParagraph>
        </HelpSection>

        <HelpSection title="六、联系方式">
          <HelpList
            items={[
              `运营主体：${SITE.companyName}`,
              `联系地址：${SITE.address}（邮编 ${SITE.postcode}）`,
              `客服电话：${SITE.servicePhone}（${SITE.serviceHours}）`,
              `客服邮箱：${SITE.serviceEmail}`,
              `备案信息：${SITE.icp}`,
            ]}
          />
          <HelpParagraph>
            使用本网站的权利与义务另见<HelpLink href={paths.userAgreement()}>《用户服务协议》</HelpLink>与
            <HelpLink href={paths.privacyPolicy()}>《隐私政策》</HelpLink>。
          </HelpParagraph>
        </HelpSection>
      </HelpArticle>
    </HelpCentreLayout>
  );
}
