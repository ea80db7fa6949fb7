// The parts of the official Node SDK (`social-media-api`) the benchmark uses; it ships no types.
declare module 'social-media-api' {
  export default class SocialMediaAPI {
    constructor(apiKey: string);
    setProfileKey(profileKey: string): this;
    setTwitterByo(apiKey: string, apiSecret: string): this;
    getComments(params: { id: string; searchPlatformId?: boolean; platform?: string }): Promise<Record<string, unknown>>;
    analyticsPost(data: { id?: string; postIds?: string[]; platforms: string[]; searchPlatformId?: boolean }): Promise<Record<string, unknown>>;
  }
}
