/**
 * The settings a server cannot start without, checked all at once before anything starts: each
 * module names what it needs and what each setting is for ({@link
 * io.payonce.server.settings.SettingsRequirement}), and a server that lacks some names every one of
 * them in one failure, instead of one per start.
 */
package io.payonce.server.settings;
