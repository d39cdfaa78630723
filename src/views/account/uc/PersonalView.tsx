import { Button, Field, Input, Radio, RadioGroup, Select } from '@fluentui/react-components';
import { useRef } from 'react';
import { useFlow } from '../../../app/AppContext';
import { avatarFor } from '../../../domain/account/avatar';
import { type Gender, GENDERS } from '../../../domain/account/contract';
import { AVATAR_MIME_TYPES } from '../../../domain/account/validation';
import { maskMobile } from '../../../domain/shared/format';
import { profileMachine } from '../../../machines/account/profile.machine';
import { profilePageMachine, type ProfileData } from '../../../machines/account/profilePage.machine';
import type { RouteViewProps } from '../../../routeTypes';
import { PageDataBody } from '../../shared/PageDataBody';
import { usePageTitle } from '../../shared/usePageTitle';
import UserCentreLayout from '../../shared/uc/UserCentreLayout';

const GENDER_LABELS: Record<Gender, string> = { MALE: '男', FEMALE: '女', UNKNOWN: '保密' };

/** 个人资料: the page's data (profilePage.machine), then the editor of the loaded user. */
export default function PersonalView({ route }: RouteViewProps) {
  usePageTitle(route.title);
  const [page, send] = useFlow(profilePageMachine);
  return (
    <UserCentreLayout title="个人资料">
      <PageDataBody page={page} onRetry={() => send({ type: 'RETRY' })}>
        {(data) => <ProfileForm data={data} />}
      </PageDataBody>
    </UserCentreLayout>
  );
}

/** Avatar, nickname, gender and the intended exam project (profile.machine). */
function ProfileForm({ data }: { data: ProfileData }) {
  const [snapshot, send] = useFlow(profileMachine, { input: data });
  const fileInput = useRef<HTMLInputElement>(null);
  const { context } = snapshot;
  const user = context.user;
  const saving = snapshot.matches({ form: 'saving' });
  const uploading = snapshot.matches({ avatar: 'uploading' });
  const bindingProject = snapshot.matches({ project: 'saving' });
  const projectValue = String(context.pendingProjectId ?? user.projectId ?? '');
  return (
    <form
      className="xt-form"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        send({ type: 'SAVE' });
      }}
    >
      <div className="xt-profile__avatar">
        <button type="button" className="xt-profile__avatar-button" aria-label="更换头像" disabled={uploading} onClick={() => fileInput.current?.click()}>
          {/* No uploaded avatar: the default follows the gender being picked, before it is saved. */}
          <img className="xt-profile__avatar-img" src={avatarFor(user.avatar, context.gender)} alt="头像" data-testid="profile-avatar" />
        </button>
        <div className="xt-profile__avatar-hint">
          <span>{uploading ? '头像上传中…' : '点击头像更换，支持 JPG、PNG、GIF、WEBP，不超过2MB'}</span>
          {context.avatarError && (
            <span className="xt-error-text" role="alert">
              {context.avatarError}
            </span>
          )}
        </div>
        <input
          ref={fileInput}
          type="file"
          hidden
          accept={AVATAR_MIME_TYPES.join(',')}
          data-testid="avatar-file"
          onChange={(e) => {
            const file = e.currentTarget.files?.[0];
            // Cleared so that picking the same file again still fires a change.
            e.currentTarget.value = '';
            if (file) send({ type: 'PICK_AVATAR', file });
          }}
        />
      </div>

      <dl className="xt-profile__facts">
        <dt>账号</dt>
        <dd>{user.account}</dd>
        <dt>手机号</dt>
        <dd>{user.bindMobile && user.mobile ? maskMobile(user.mobile) : '未绑定'}</dd>
      </dl>

      <Field label="昵称" required validationMessage={context.nicknameError ?? undefined}>
        <Input value={context.nickname} placeholder="请输入昵称" onChange={(_, data) => send({ type: 'EDIT_NICKNAME', value: data.value })} />
      </Field>

      <Field label="性别">
        <RadioGroup layout="horizontal" value={context.gender} onChange={(_, data) => send({ type: 'SET_GENDER', gender: data.value as Gender })}>
          {GENDERS.map((g) => (
            <Radio key={g} value={g} label={GENDER_LABELS[g]} />
          ))}
        </RadioGroup>
      </Field>

      <Field label="意向考试项目" hint={bindingProject ? '保存中…' : '选择后立即保存'}>
        <Select
          value={projectValue}
          disabled={bindingProject}
          onChange={(_, data) => data.value && send({ type: 'PICK_PROJECT', projectId: Number(data.value) })}
        >
          {projectValue === '' && (
            <option value="" disabled>
              请选择考试项目
            </option>
          )}
          {context.groups.map((group) => (
            <optgroup key={group.id} label={group.name}>
              {group.projects.map((p) => (
                <option key={p.id} value={p.id}>
                  {p.name}
                </option>
              ))}
            </optgroup>
          ))}
        </Select>
      </Field>

      <div className="xt-form__actions">
        <Button type="submit" appearance="primary" disabled={saving}>
          {saving ? '保存中…' : '保存'}
        </Button>
      </div>
    </form>
  );
}
