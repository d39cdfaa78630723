/**
 * The mobile number and the SMS code under it, as every SMS form has them (the login card's SMS
 * tab, bind phone, forgot password, the user centre's change mobile): one markup, one set of labels.
 */
import type { FieldErrors } from '../../../domain/shared/forms';
import { MobileField } from './FormField';
import { SmsCodeField, type SmsSenderRef } from './SmsCodeField';

interface MobileCodeFieldsProps {
  /** The form's useId(): the inputs are `${id}-mobile` and `${id}-code`. */
  id: string;
  values: { mobile: string; code: string };
  errors: FieldErrors<'mobile' | 'code'>;
  /** The form's smsSender child (form/formFlow.ts): the code field shows once it runs. */
  sender: SmsSenderRef | undefined;
  disabled: boolean;
  onEdit: (field: 'mobile' | 'code', value: string) => void;
  /** 手机号码 unless the form says otherwise (新手机号码). */
  mobileLabel?: string;
}

export function MobileCodeFields({ id, values, errors, sender, disabled, onEdit, mobileLabel }: MobileCodeFieldsProps) {
  return (
    <>
      <MobileField
        id={`${id}-mobile`}
        label={mobileLabel}
        value={values.mobile}
        error={errors.mobile}
        disabled={disabled}
        onValueChange={(value) => onEdit('mobile', value)}
      />
      {sender && (
        <SmsCodeField
          sender={sender}
          id={`${id}-code`}
          value={values.code}
          error={errors.code}
          disabled={disabled}
          onValueChange={(value) => onEdit('code', value)}
        />
      )}
    </>
  );
}
