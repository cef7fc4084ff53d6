/** HTTP plumbing shared by the sandbox's endpoints: problems, reset, replies held back by chaos. */
package io.payonce.sandbox.web;
