/** The order's delivery address: one of the student's addresses, or a new one added here (addressForm statechart). */
import { useEffect, useState } from 'react';
import { useFlow } from '../../../app/AppContext';
import type { Address, Region } from '../../../domain/commerce/addresses.contract';
import { addressFormMachine } from '../../../machines/commerce/addressForm.machine';
import { CHECKOUT_TEXTS } from '../../../domain/commerce/checkout.texts';

function RegionSelect(props: { label: string; regions: readonly Region[]; value: string; disabled: boolean; onChange: (code: string) => void }) {
  const { label, regions, value, disabled, onChange } = props;
  return (
    <label className="xt-checkout__field">
      <span>{label}</span>
      <select className="xt-checkout__input" value={value} disabled={disabled || regions.length === 0} onChange={(e) => onChange(e.target.value)}>
        <option value="">请选择</option>
        {regions.map((region) => (
          <option key={region.code} value={region.code}>
            {region.name}
          </option>
        ))}
      </select>
    </label>
  );
}

function NewAddressForm({ onSaved, onCancel }: { onSaved: (address: Address) => void; onCancel: (() => void) | null }) {
  const [state, send] = useFlow(addressFormMachine);
  const { fields, provinces, cities, districts, error } = state.context;
  const saved = state.context.saved;
  useEffect(() => {
    if (saved) onSaved(saved);
  }, [saved, onSaved]);
  const busy = state.matches('saving') || state.matches('loadingRegions');
  return (
    <form
      className="xt-checkout__address-form"
      aria-label={CHECKOUT_TEXTS.addAddress}
      onSubmit={(e) => {
        e.preventDefault();
        send({ type: 'SUBMIT' });
      }}
    >
      <div className="xt-checkout__row">
        <label className="xt-checkout__field">
          <span>收货人</span>
          <input
            className="xt-checkout__input"
            value={fields.name}
            autoComplete="name"
            onChange={(e) => send({ type: 'EDIT', field: 'name', value: e.target.value })}
          />
        </label>
        <label className="xt-checkout__field">
          <span>手机号</span>
          <input
            className="xt-checkout__input"
            value={fields.mobile}
            inputMode="numeric"
            autoComplete="tel"
            maxLength={11}
            onChange={(e) => send({ type: 'EDIT', field: 'mobile', value: e.target.value })}
          />
        </label>
      </div>
      <div className="xt-checkout__row">
        <RegionSelect
          label="省份"
          regions={provinces}
          value={fields.provinceCode}
          disabled={busy}
          onChange={(code) => send({ type: 'CHOOSE_REGION', level: 'province', code })}
        />
        <RegionSelect
          label="城市"
          regions={cities}
          value={fields.cityCode}
          disabled={busy}
          onChange={(code) => send({ type: 'CHOOSE_REGION', level: 'city', code })}
        />
        <RegionSelect
          label="区县"
          regions={districts}
          value={fields.districtCode}
          disabled={busy}
          onChange={(code) => send({ type: 'CHOOSE_REGION', level: 'district', code })}
        />
      </div>
      <label className="xt-checkout__field">
        <span>详细地址</span>
        <input
          className="xt-checkout__input"
          value={fields.detail}
          autoComplete="street-address"
          onChange={(e) => send({ type: 'EDIT', field: 'detail', value: e.target.value })}
        />
      </label>
      {error && (
        <p className="xt-checkout__error" role="alert">
          {error}
        </p>
      )}
      <div className="xt-checkout__actions">
        <button type="submit" className="xt-btn xt-btn--primary" disabled={busy}>
          {state.matches('saving') ? '保存中…' : '保存并使用'}
        </button>
        {onCancel && (
          <button type="button" className="xt-btn" onClick={onCancel}>
            取消
          </button>
        )}
      </div>
    </form>
  );
}

export function AddressChooser(props: {
  addresses: readonly Address[];
  selectedId: number | null;
  disabled: boolean;
  onChoose: (addressId: number) => void;
  onAdded: (address: Address) => void;
}) {
  const { addresses, selectedId, disabled, onChoose, onAdded } = props;
  const [adding, setAdding] = useState(false);
  if (addresses.length === 0 || adding) {
    return (
      <NewAddressForm
        onSaved={(address) => {
          setAdding(false);
          onAdded(address);
        }}
        onCancel={addresses.length > 0 ? () => setAdding(false) : null}
      />
    );
  }
  return (
    <fieldset className="xt-checkout__choices" disabled={disabled}>
      <legend className="xt-sr-only">选择收货地址</legend>
      {addresses.map((address) => (
        <label key={address.id} className={`xt-checkout__choice${address.id === selectedId ? ' xt-checkout__choice--on' : ''}`}>
          <input type="radio" name="address" checked={address.id === selectedId} onChange={() => onChoose(address.id)} />
          <span className="xt-checkout__choice-name">
            {address.name} {address.mobile}
            {address.isDefault ? <span className="xt-checkout__tag">默认</span> : null}
          </span>
          <span className="xt-checkout__muted">
            {address.provinceName} {address.cityName} {address.districtName} {address.detail}
          </span>
        </label>
      ))}
      <button type="button" className="xt-btn" onClick={() => setAdding(true)}>
        {CHECKOUT_TEXTS.addAddress}
      </button>
    </fieldset>
  );
}
