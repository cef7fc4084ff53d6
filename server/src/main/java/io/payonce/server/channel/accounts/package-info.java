/**
 * Each channel's accounts by configuration key, built from the apps' stored channel settings: a
 * module of its own beside the adapters, so that the channel module itself knows nothing of apps.
 */
@org.springframework.modulith.ApplicationModule(displayName = "Channel accounts")
package io.payonce.server.channel.accounts;
