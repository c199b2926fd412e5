/** This instance's offer of one of its repositories to the team's plans, as the settings show it. */
export interface RunnerOfferView {
  repoId: string;
  slots: number;
  remoteUrl: string;
}
