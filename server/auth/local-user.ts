/** Self-hosted mode has no sign-in: every platform request acts as this one local user. */
export const LOCAL_USER_ID = '00000000-0000-4000-8000-000000000001'
export const LOCAL_USER_EMAIL = 'admin@localhost'
