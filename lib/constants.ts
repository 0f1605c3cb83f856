export const PRODUCT_NAME = 'Supaboard'
