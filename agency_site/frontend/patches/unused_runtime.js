// Code of the patches declared in unused_runtime.py, put into Reflex's generated files by
// anchored.py.

// @patch jsx-without-emotion
      // agency-site: "@emotion/react" is our createElement stand-in (unused_runtime.py)
      {
        find: /^@emotion\/react$/,
        replacement: fileURLToPath(new URL("./utils/jsx_without_emotion.js", import.meta.url)),
      },

// @patch lazy-upload
// agency-site: the upload helper is fetched by the first upload (unused_runtime.py)
const uploadFiles = (...args) =>
  import("$/utils/helpers/upload").then((upload) => upload.uploadFiles(...args));
