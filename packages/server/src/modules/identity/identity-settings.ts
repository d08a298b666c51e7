import { APP_SETTING_DEFAULTS, DEFAULT_PAGE_SETTING, type AppSetting, type PageSetting, type Profile } from '@ops/contract/identity/identity.schemas';
import { notFound } from '../../platform/errors';
import type { AppSettingRow, IdentityRepository, PageSettingRow, ProfileRow } from './identity.repository';

/** A user's own settings: profile, app settings and saved page settings. */
export function createUserSettingsMethods(repository: IdentityRepository) {
  return {
    async getProfile(userId: string): Promise<Profile> {
      return serializeProfile(userId, await repository.getProfile(userId));
    },

    async getProfileRow(userId: string) {
      return repository.getProfile(userId);
    },

    async updateProfile(userId: string, values: Partial<ProfileRow>): Promise<Profile> {
      const row = await repository.upsertProfile(userId, values);
      return serializeProfile(userId, row);
    },

    /** `browserZone` starts a user who has no settings yet in their browser's time zone (no prompt on first sign-in). */
    async getAppSetting(userId: string, browserZone?: string): Promise<AppSetting> {
      const row =
        (await repository.getAppSetting(userId)) ??
        (await repository.ensureAppSetting(userId, { ...appSettingDefaults(), ...(browserZone ? { timezone: browserZone } : {}) }));
      return serializeAppSetting(row);
    },

    async updateAppSetting(userId: string, values: Partial<Record<keyof typeof APP_SETTING_DEFAULTS, string>>): Promise<AppSetting> {
      await repository.ensureAppSetting(userId, appSettingDefaults());
      const row = await repository.updateAppSetting(userId, {
        themeMode: values.theme_mode,
        themeColour: values.theme_colour,
        displayDensity: values.display_density,
        defaultPageView: values.default_page_view,
        language: values.language,
        dateTimeFormat: values.date_time_format,
        timezone: values.timezone,
        landingPage: values.landing_page,
      });
      return serializeAppSetting(row);
    },

    async getPageSetting(userId: string, id: string): Promise<PageSetting> {
      const row = await repository.getPageSetting(userId, id);
      if (!row) throw notFound();
      return serializePageSetting(row);
    },

    async createPageSetting(userId: string, input: { page: string; layout: string; page_setting: Record<string, unknown> }) {
      const row = await repository.insertPageSetting({
        userId,
        page: input.page,
        layout: input.layout,
        pageSetting: { ...DEFAULT_PAGE_SETTING, ...input.page_setting },
      });
      return serializePageSetting(row);
    },

    async updatePageSetting(userId: string, id: string, input: { page?: string; layout?: string; page_setting?: Record<string, unknown> }) {
      const row = await repository.updatePageSetting(userId, id, {
        page: input.page,
        layout: input.layout,
        pageSetting: input.page_setting ? { ...DEFAULT_PAGE_SETTING, ...input.page_setting } : undefined,
      });
      if (!row) throw notFound();
      return serializePageSetting(row);
    },

    async deletePageSetting(userId: string, id: string) {
      if (!(await repository.deletePageSetting(userId, id))) throw notFound();
    },
  };
}

function appSettingDefaults() {
  return {
    themeMode: APP_SETTING_DEFAULTS.theme_mode,
    themeColour: APP_SETTING_DEFAULTS.theme_colour,
    displayDensity: APP_SETTING_DEFAULTS.display_density,
    defaultPageView: APP_SETTING_DEFAULTS.default_page_view,
    language: APP_SETTING_DEFAULTS.language,
    dateTimeFormat: process.env.DEFAULT_DATE_TIME_FORMAT || APP_SETTING_DEFAULTS.date_time_format,
    timezone: process.env.DEFAULT_TIMEZONE || APP_SETTING_DEFAULTS.timezone,
    landingPage: APP_SETTING_DEFAULTS.landing_page,
  };
}

function serializeAppSetting(row: AppSettingRow): AppSetting {
  return {
    user: row.userId,
    theme_mode: row.themeMode,
    theme_colour: row.themeColour,
    display_density: row.displayDensity,
    default_page_view: row.defaultPageView,
    language: row.language,
    date_time_format: row.dateTimeFormat as AppSetting['date_time_format'],
    timezone: row.timezone,
    landing_page: row.landingPage,
    updated_at: row.updatedAt.toISOString(),
  };
}

export function serializePageSetting(row: PageSettingRow): PageSetting {
  return {
    id: row.id,
    user: row.userId,
    page: row.page,
    layout: row.layout,
    page_setting: row.pageSetting as PageSetting['page_setting'],
    updated_at: row.updatedAt.toISOString(),
  };
}

function serializeProfile(userId: string, row: ProfileRow | undefined): Profile {
  return {
    user: userId,
    profile_picture: row?.profilePicture ? '/api/identity/profile/picture/' : null,
    date_of_birth: row?.dateOfBirth ?? null,
    phone: row?.phone ?? '',
    mobile: row?.mobile ?? '',
    personal_email: row?.personalEmail ?? '',
    linkedin: row?.linkedin ?? '',
    employee_id: row?.employeeId ?? null,
    legal_entity: row?.legalEntity ?? null,
    department: row?.department ?? null,
    position: row?.position ?? null,
    location: row?.location ?? null,
  };
}
