/**
 * jest's default reporter, silent about a test file that passes: no PASS
 * line, none of its console output. A file that fails is reported in full
 * (its console output, every failure), and the summary follows as usual.
 * `npx jest --reporters=default` shows everything.
 */
const { DefaultReporter } = require('@jest/reporters');

class QuietReporter extends DefaultReporter {
  onTestResult(test, result, aggregated) {
    if (result.numFailingTests > 0 || result.testExecError || result.failureMessage) {
      super.onTestResult(test, result, aggregated);
      return;
    }
    this.testFinished(test.context.config, result, aggregated);
    this.forceFlushBufferedOutput();
  }
}

module.exports = QuietReporter;
