import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../../../src/domain/account/texts';
import {
  normalizePasswordInput,
  normalizePhoneInput,
  validateConfirmPassword,
  validateNewPassword,
  validatePassword,
  validatePhone,
  validateSmsCode,
} from '../../../src/domain/account/validation';

describe('validation rules of §5', () => {
  it('phone', () => {
    expect(validatePhone('')).toBe('手机号码不能为空');
    expect(validatePhone('12800138000')).toBe('手机号码格式不正确');
    expect(validatePhone('1380013800')).toBe('手机号码格式不正确');
    expect(validatePhone('13800138000')).toBeNull();
    expect(validatePhone('19912345678')).toBeNull();
    expect(normalizePhoneInput('138 0013-80001234')).toBe('13800138000');
  });
  it('sms code', () => {
    expect(validateSmsCode('')).toBe('短信验证码不能为空');
    expect(validateSmsCode('123456')).toBeNull();
  });
  it('password', () => {
    expect(validatePassword('')).toBe('密码不能为空');
    expect(validatePassword('x')).toBeNull();
  });
  it('new password: 6-18 of digits, letters, !@#$%^&*._? with two kinds', () => {
    const rule = '请设置6位及以上包含数字、字母和特殊符号中至少两种组合的密码';
    expect(MESSAGES.newPasswordRule).toBe(rule);
    for (const bad of ['', 'abc12', '123456', 'abcdefg', '!!!!!!', 'abc 123', 'abc123中文', 'a1'.repeat(10)]) expect(validateNewPassword(bad)).toBe(rule);
    for (const good of ['abc123', '123!@#', 'Ab.cdef', 'a1'.repeat(9)]) expect(validateNewPassword(good)).toBeNull();
  });
  it('confirm password', () => {
    expect(validateConfirmPassword('', 'abc123')).toBe('确认密码不能为空');
    expect(validateConfirmPassword('abc124', 'abc123')).toBe('两次输入密码不一致');
    expect(validateConfirmPassword('abc123', 'abc123')).toBeNull();
  });
  it('password inputs drop whitespace and keep 18 characters', () => {
    expect(normalizePasswordInput(' ab c\t12 3 ')).toBe('abc123');
    expect(normalizePasswordInput('a'.repeat(30))).toHaveLength(18);
  });
});
