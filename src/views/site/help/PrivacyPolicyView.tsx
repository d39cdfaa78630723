import { INTENDED_PROJECT_COOKIE_DAYS } from '../../../domain/account/limits';
import { SITE_NAME } from '../../../domain/shared/constants';
import { SITE } from '../../../domain/site/facts';
import { paths } from '../../../paths';
import { usePageTitle } from '../../shared/usePageTitle';
import HelpCentreLayout, { HelpArticle, HelpLink, HelpList, HelpParagraph, HelpSection } from './HelpCentreLayout';

/** 帮助中心 - 隐私政策. */
export default function PrivacyPolicyView() {
  usePageTitle('隐私政策');
  return (
    <HelpCentreLayout>
      <HelpArticle title="学途隐私政策" meta="更新日期：2026年10月15日　生效日期：2026年11月1日">
        <HelpParagraph>
          {SITE.companyName}
          （以下简称“我们”）深知个人信息对您的重要性。我们依据《中华人民共和国个人信息保护法》《中华人民共和国网络安全法》《中华人民共和国数据安全法》等法律法规，遵循合法、正当、必要和诚信原则，处理您在使用
          {SITE_NAME}网站、学途 App 及相关服务（以下统称“学途服务”）时的个人信息。
        </HelpParagraph>
        <HelpParagraph>
          <strong>请您在使用学途服务前仔细阅读并理解本政策，特别是以加粗形式提示的内容。</strong>
          本政策与<HelpLink href={paths.userAgreement()}>《用户服务协议》</HelpLink>共同构成您使用学途服务的基础规则。
        </HelpParagraph>

        <HelpSection title="一、我们收集的信息">
          <HelpParagraph>我们仅收集实现产品功能所必需的信息，具体包括：</HelpParagraph>
          <HelpList
            items={[
              <>
                <strong>手机号：</strong>
                注册、登录、找回密码及绑定账号时，您需要提供手机号并接收短信验证码。手机号用于识别您的账号、保障账号安全及发送服务通知。如您不提供，将无法注册和登录。
              </>,
              <>
                <strong>微信授权信息：</strong>
                您选择微信登录时，经您授权，我们会从微信获取您的昵称、头像及用于识别账号的 OpenID / UnionID。我们不会获取您的微信好友关系或聊天内容。
              </>,
              <>
                <strong>账号资料：</strong>
                您主动填写的昵称、头像、性别、意向考试项目等。这些信息不是必填项，不填写不影响学习。
              </>,
              <>
                <strong>学习记录：</strong>
                课程观看进度与时长、练习和考试的作答记录、成绩、错题、收藏、笔记及意见反馈。这些信息用于同步学习进度、生成学习报告和错题本。
              </>,
              <>
                <strong>订单信息：</strong>
                购买的商品、订单号、金额、支付方式、支付时间、优惠券使用情况，以及申请发票时提供的抬头、税号和邮箱。我们不会收集或保存您的银行卡号、支付密码。
              </>,
              <>
                <strong>设备信息与日志：</strong>
                为保障账号与服务安全、排查故障，我们会收集设备型号、操作系统版本、浏览器类型、设备标识符、IP 地址、访问时间及访问页面等日志信息。
              </>,
            ]}
          />
        </HelpSection>

        <HelpSection title="二、我们如何使用信息">
          <HelpList
            items={[
              '提供学途服务：完成注册登录、开通课程与题库、记录和同步学习进度、批改练习、处理订单与售后；',
              '保障安全：进行身份验证、识别异常登录和账号共享、防范欺诈和盗版传播；',
              '服务通知：发送验证码、订单与开课提醒、考试时间节点提醒等与服务相关的通知；',
              '改进产品：在去标识化的基础上进行统计分析，用于优化课程内容、题库质量和产品体验；',
              '推荐内容：根据您的意向考试项目和学习情况推荐课程与练习。您可以随时修改意向考试项目，推荐内容不会基于您的敏感个人信息生成。',
            ]}
          />
          <HelpParagraph>如我们需要将信息用于本政策未载明的其他目的，会事先征得您的同意。</HelpParagraph>
        </HelpSection>

        <HelpSection title="三、Cookie 和同类技术">
          <HelpParagraph>为使网站正常运行，我们会在您的浏览器中使用 Cookie 及本地存储（localStorage、sessionStorage）等同类技术：</HelpParagraph>
          <HelpList
            items={[
              '登录状态：保存登录凭证，使您在有效期内无需重复登录；退出登录或凭证到期后即被清除。',
              `偏好设置：保存您选择的意向考试项目（保存 ${INTENDED_PROJECT_COOKIE_DAYS} 天）、播放倍速、列表筛选条件等，以便下次访问时沿用。`,
              '安全功能：记录短信验证码的发送倒计时，防止验证码被频繁请求。',
            ]}
          />
          <HelpParagraph>我们不会将 Cookie 用于本政策所述以外的目的。您可以在浏览器设置中清除或拒绝 Cookie，但拒绝后可能无法登录或使用部分功能。</HelpParagraph>
        </HelpSection>

        <HelpSection title="四、共享、转让与公开披露">
          <HelpParagraph>
            <strong>我们不会向任何第三方出售您的个人信息。</strong>
            仅在以下必要情形下，我们会与合作方共享最少必要的信息，并通过协议要求其严格保密、仅按我们的委托目的处理：
          </HelpParagraph>
          <HelpList
            items={[
              '支付机构（财付通支付科技有限公司、支付宝（中国）网络技术有限公司）：为完成支付与退款，共享订单号、订单金额；',
              '微信开放平台：为实现微信登录，由微信向我们提供您授权的信息；',
              '短信服务商：为发送验证码和服务通知，共享您的手机号；',
              '云服务与视频分发服务商：为存储数据和播放课程视频提供技术支持；',
              '在线客服服务商：您使用在线客服时，为处理您的咨询而共享必要的账号和对话信息。',
            ]}
          />
          <HelpParagraph>
            我们不会转让您的个人信息，但因合并、分立、解散、被宣告破产等原因需要转移个人信息的，我们会告知接收方的名称和联系方式，并要求其继续履行本政策规定的义务。
          </HelpParagraph>
          <HelpParagraph>我们不会公开披露您的个人信息，除非获得您的单独同意，或根据法律法规、诉讼、仲裁或政府主管部门的强制性要求。</HelpParagraph>
        </HelpSection>

        <HelpSection title="五、信息的存储与保护">
          <HelpList
            items={[
              '存储地点：我们在中华人民共和国境内收集和产生的个人信息，存储于中华人民共和国境内，不会向境外提供。',
              '存储期限：我们仅在实现处理目的所必需的最短期限内保存您的个人信息。账号注销后，我们将在 15 个工作日内删除或匿名化处理您的个人信息；法律法规另有规定的（如《中华人民共和国电子商务法》要求交易信息保存不少于三年），从其规定。',
              '安全措施：我们使用 HTTPS 加密传输，对密码进行不可逆加密存储，对敏感数据实施访问权限控制和操作审计，并定期开展安全评估与员工培训。',
              '安全事件：如不幸发生个人信息泄露等安全事件，我们将启动应急预案，及时以推送、短信、邮件或公告等方式告知您事件情况和我们采取的措施，并依法向监管部门报告。',
            ]}
          />
          <HelpParagraph>
            <strong>请您妥善保管账号、密码和短信验证码。学途工作人员不会以任何理由向您索要密码或验证码。</strong>
          </HelpParagraph>
        </HelpSection>

        <HelpSection title="六、您的权利">
          <HelpParagraph>依照法律法规，您对自己的个人信息享有以下权利：</HelpParagraph>
          <HelpList
            items={[
              '查阅与复制：您可以在“个人中心”查阅您的账号资料、学习记录和订单信息；如需获取个人信息副本，可联系我们。',
              '更正与补充：您可以在“个人中心 - 账号管理”修改昵称、头像、性别等资料，在“账号安全”中更换绑定手机号和修改密码。',
              '删除：在处理目的已实现、您撤回同意、我们停止提供服务等法定情形下，您可以要求我们删除您的个人信息。',
              '撤回同意：您可以通过解绑微信、关闭系统通知权限、清除 Cookie 等方式撤回部分授权，撤回不影响此前基于您的同意已进行的处理。',
              '注销账号：您可以联系客服申请注销账号。注销后账号下的课程、题库权益及学习记录将无法恢复，请谨慎操作。',
              '解释说明与投诉：您有权要求我们对个人信息处理规则进行解释说明；如认为我们的处理行为损害了您的合法权益，也可以向有关监管部门投诉。',
            ]}
          />
          <HelpParagraph>为保障安全，我们可能需要先验证您的身份，并将在收到请求并验证身份后 15 个工作日内答复。</HelpParagraph>
        </HelpSection>

        <HelpSection title="七、未成年人保护">
          <HelpParagraph>
            学途服务主要面向成年人备考职业资格考试。
            <strong>
              如您是未满 18 周岁的未成年人，请在监护人的陪同下阅读本政策，并在取得监护人同意后使用学途服务；不满 14 周岁的儿童，须由监护人同意并代为注册。
            </strong>
          </HelpParagraph>
          <HelpParagraph>如果监护人发现我们在未获同意的情况下收集了儿童的个人信息，请与我们联系，我们会尽快删除相关信息。</HelpParagraph>
        </HelpSection>

        <HelpSection title="八、本政策的更新">
          <HelpParagraph>
            我们可能根据法律法规变化或产品功能调整适时更新本政策。更新后的政策将在本页面发布；对于重大变更（如处理目的、信息类型、共享对象发生变化），我们会通过站内通知、弹窗等显著方式提示您，必要时重新征得您的同意。
          </HelpParagraph>
        </HelpSection>

        <HelpSection title="九、联系我们">
          <HelpParagraph>如您对本政策或个人信息处理有任何疑问、意见或投诉，可以通过以下方式联系我们的个人信息保护负责人：</HelpParagraph>
          <HelpList
            items={[
              `公司名称：${SITE.companyName}`,
              `联系地址：${SITE.address}（邮编 ${SITE.postcode}）`,
              `个人信息保护邮箱：${SITE.privacyEmail}`,
              `客服电话：${SITE.servicePhone}（${SITE.serviceHours}）`,
            ]}
          />
          <HelpParagraph>
            如您对我们的答复不满意，或认为我们的个人信息处理行为损害了您的合法权益，还可以向网信、公安、市场监管等监管部门投诉，或向被告住所地有管辖权的人民法院提起诉讼。
          </HelpParagraph>
        </HelpSection>
      </HelpArticle>
    </HelpCentreLayout>
  );
}
