import { MESSAGES } from '../../../domain/account/texts';
import { paths } from '../../../paths';

const BASE = import.meta.env.BASE_URL.replace(/\/$/, '');

interface AgreementCheckboxProps {
  checked: boolean;
  onChange: (checked: boolean) => void;
  /** The "please read and tick" line (until ticked). */
  prompt: boolean;
  /** The machine is in its shaking state. */
  shaking: boolean;
}

/** 我已阅读并同意《用户协议》和《隐私政策》; the documents open in a new tab so the form keeps its input. */
export function AgreementCheckbox({ checked, onChange, prompt, shaking }: AgreementCheckboxProps) {
  return (
    <div className={shaking ? 'xt-shake' : undefined}>
      <label className="xt-agreement">
        <input type="checkbox" checked={checked} onChange={(e) => onChange(e.target.checked)} data-testid="agreement" />
        <span>
          我已阅读并同意
          <a href={`${BASE}${paths.userAgreement()}`} target="_blank" rel="noopener noreferrer">
            《用户协议》
          </a>
          和
          <a href={`${BASE}${paths.privacyPolicy()}`} target="_blank" rel="noopener noreferrer">
            《隐私政策》
          </a>
        </span>
      </label>
      {prompt && (
        <p className="xt-agreement__prompt" role="alert" data-testid="agreement-prompt">
          {MESSAGES.agreementRequired}
        </p>
      )}
    </div>
  );
}
