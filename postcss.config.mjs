const c = { plugins: { '@tailwindcss/postcss': {} } };
export default c;
