/** Subcommands of the server jar that run without starting the service. */
package io.payonce.server.cli;
