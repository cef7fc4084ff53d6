/**
 * What a run saw and found, as it happens (the timeline) and afterwards (text and HTML reports).
 */
package io.payonce.chaos.report;
