/** The operator's HTTP face of the webhooks, under {@code /ops/webhooks}. */
package io.payonce.server.webhook.web;
