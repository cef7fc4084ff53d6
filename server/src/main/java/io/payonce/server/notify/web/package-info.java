/** The HTTP side of the channels' callbacks: one controller, mapped at every protocol's path. */
package io.payonce.server.notify.web;
