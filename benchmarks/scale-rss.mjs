// Preloaded into a measured process (node --import): prints its peak resident set size at exit.
process.on('exit', () => process.stderr.write(`\nmdkg-peak-rss-kb ${process.resourceUsage().maxRSS}\n`));
