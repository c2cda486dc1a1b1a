import { describe, expect, it, vi } from 'vitest';
import { setAppIconBadge } from './use-unread-notification-count';
import { canSendNotifications } from './notifications-dialog';
import { validateNotificationForm } from './send-notification-form';
import { getUnreadCount, setUnreadCount, subscribeUnreadCount } from '../../lib/live/unread-count-store';

describe('the notification helpers', () => {
  it('sets the app icon badge where the Badging API exists, clears it at zero, and ignores it elsewhere', () => {
    const nav = { setAppBadge: vi.fn(() => Promise.resolve()), clearAppBadge: vi.fn(() => Promise.resolve()) };
    setAppIconBadge(12, nav as unknown as Navigator);
    expect(nav.setAppBadge).toHaveBeenCalledWith(12);
    setAppIconBadge(0, nav as unknown as Navigator);
    expect(nav.clearAppBadge).toHaveBeenCalledTimes(1);
    expect(() => setAppIconBadge(3, {} as Navigator)).not.toThrow();
  });

  it('lets only users with notifications:create and users:read send', () => {
    expect(canSendNotifications({ notifications: ['create'], users: ['read'] })).toBe(true);
    expect(canSendNotifications({ notifications: ['read', 'create'] })).toBe(false);
    expect(canSendNotifications(undefined)).toBe(false);
  });

  it('validates the send form per field', () => {
    expect(validateNotificationForm({ title: ' ', body: '', link: 'javascript:alert(1)' })).toEqual({
      title: 'Enter a title.',
      link: 'An in-app path (/…) or an http(s) address.',
    });
    expect(validateNotificationForm({ title: 'Hi', body: '', link: '/settings' })).toEqual({});
  });

  it('tells subscribers when the unread count changes, never below zero', () => {
    const listener = vi.fn();
    const off = subscribeUnreadCount(listener);
    setUnreadCount(4);
    setUnreadCount(4);
    setUnreadCount(-2);
    expect(getUnreadCount()).toBe(0);
    expect(listener).toHaveBeenCalledTimes(2);
    off();
  });
});
