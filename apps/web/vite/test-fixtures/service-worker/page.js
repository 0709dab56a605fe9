// A listener page: its chart is loaded on demand, with its own styles.
void import("./chart.js").then((module) => console.log(module.chart));
