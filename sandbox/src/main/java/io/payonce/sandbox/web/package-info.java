/** HTTP plumbing shared by the sandbox's own endpoints: problems and reset. */
package io.payonce.sandbox.web;
