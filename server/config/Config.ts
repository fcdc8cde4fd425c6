import type { AiConfig } from './aiSettings.js';
import type { ClusterConfig } from './clusterSettings.js';
import type { LiveConfig } from './liveSettings.js';
import type { MetricsConfig } from './metricsSettings.js';
import type { NetworkConfig } from './networkSettings.js';
import type { NotificationConfig } from './notificationSettings.js';
import type { OidcConfig } from './oidcSettings.js';
import type { ProcessConfig } from './processSettings.js';
import type { SignInConfig } from './signInSettings.js';
import type { StorageConfig } from './storageSettings.js';

/** The server's configuration, parsed once from the environment and frozen; each group of settings is described beside its variables. */
export interface Config
  extends NetworkConfig,
    StorageConfig,
    ProcessConfig,
    LiveConfig,
    SignInConfig,
    NotificationConfig,
    MetricsConfig,
    ClusterConfig,
    AiConfig,
    OidcConfig {}
