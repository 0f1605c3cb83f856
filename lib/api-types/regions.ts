import type { CloudProvider } from './projects'

export type Region = { code: string; displayName: string; location: { latitude: number; longitude: number } }

/** The cloud regions projects can be created in (SPEC §9: 16 regions, plus Fly's sin). */
export const AWS_REGIONS: Region[] = [
  { code: 'us-west-1', displayName: 'West US (North California)', location: { latitude: 37.77, longitude: -122.42 } },
  { code: 'us-east-1', displayName: 'East US (North Virginia)', location: { latitude: 38.9, longitude: -77.04 } },
  { code: 'us-east-2', displayName: 'East US (Ohio)', location: { latitude: 39.96, longitude: -83.0 } },
  { code: 'ca-central-1', displayName: 'Canada (Central)', location: { latitude: 45.5, longitude: -73.57 } },
  { code: 'eu-west-1', displayName: 'West EU (Ireland)', location: { latitude: 53.35, longitude: -6.26 } },
  { code: 'eu-west-2', displayName: 'West EU (London)', location: { latitude: 51.51, longitude: -0.13 } },
  { code: 'eu-west-3', displayName: 'West EU (Paris)', location: { latitude: 48.86, longitude: 2.35 } },
  { code: 'eu-central-1', displayName: 'Central EU (Frankfurt)', location: { latitude: 50.11, longitude: 8.68 } },
  { code: 'eu-central-2', displayName: 'Central EU (Zurich)', location: { latitude: 47.37, longitude: 8.54 } },
  { code: 'eu-north-1', displayName: 'North EU (Stockholm)', location: { latitude: 59.33, longitude: 18.07 } },
  { code: 'ap-south-1', displayName: 'South Asia (Mumbai)', location: { latitude: 19.08, longitude: 72.88 } },
  { code: 'ap-southeast-1', displayName: 'Southeast Asia (Singapore)', location: { latitude: 1.35, longitude: 103.82 } },
  { code: 'ap-southeast-2', displayName: 'Oceania (Sydney)', location: { latitude: -33.87, longitude: 151.21 } },
  { code: 'ap-northeast-1', displayName: 'Northeast Asia (Tokyo)', location: { latitude: 35.68, longitude: 139.69 } },
  { code: 'ap-northeast-2', displayName: 'Northeast Asia (Seoul)', location: { latitude: 37.57, longitude: 126.98 } },
  { code: 'sa-east-1', displayName: 'South America (São Paulo)', location: { latitude: -23.55, longitude: -46.63 } },
]

export const FLY_REGIONS: Region[] = [
  { code: 'sin', displayName: 'Singapore', location: { latitude: 1.35, longitude: 103.82 } },
]

export const PROVIDERS: Record<CloudProvider, { label: string; defaultRegion: string; regions: Region[] }> = {
  AWS: { label: 'AWS', defaultRegion: 'us-east-1', regions: AWS_REGIONS },
  AWS_NEW: { label: 'AWS (Revamped)', defaultRegion: 'us-east-1', regions: AWS_REGIONS },
  FLY: { label: 'Fly', defaultRegion: 'sin', regions: FLY_REGIONS },
}

export const DEFAULT_PROVIDER: CloudProvider = 'AWS'
