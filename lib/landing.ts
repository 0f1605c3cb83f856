/** Where the dashboard lands: the project list on the platform, the one project when self-hosted. */
export const landingPath = (isPlatform: boolean) => (isPlatform ? '/projects' : '/project/default')
