// Written by scripts/make-lazy-libraries.sh: do not edit by hand.
//
// The libraries tagproj opens on first use (lazy.c, lazy_x86_64.S), each as
// L(name, soname, Debian package, list), and the functions of each that tagproj calls.
#ifndef TP_LAZY_LIBRARIES_H
#define TP_LAZY_LIBRARIES_H

#define TP_LAZY_LIBRARIES(L) \
    L(freetype, "libfreetype.so.6", "libfreetype6", TP_LAZY_FREETYPE) \
    L(harfbuzz, "libharfbuzz.so.0", "libharfbuzz0b", TP_LAZY_HARFBUZZ) \
    L(fontconfig, "libfontconfig.so.1", "libfontconfig1", TP_LAZY_FONTCONFIG) \
    L(jpeg, "libjpeg.so.62", "libjpeg62-turbo", TP_LAZY_JPEG) \
    L(png, "libpng16.so.16", "libpng16-16", TP_LAZY_PNG) \
    L(webp, "libwebp.so.7", "libwebp7", TP_LAZY_WEBP) \
    L(webpdemux, "libwebpdemux.so.2", "libwebpdemux2", TP_LAZY_WEBPDEMUX) \
    L(webpmux, "libwebpmux.so.3", "libwebpmux3", TP_LAZY_WEBPMUX)

#define TP_LAZY_FREETYPE(F, lib) \
    F(lib, FT_Done_Face) \
    F(lib, FT_Done_FreeType) \
    F(lib, FT_Error_String) \
    F(lib, FT_Init_FreeType) \
    F(lib, FT_Load_Glyph) \
    F(lib, FT_New_Face) \
    F(lib, FT_New_Memory_Face) \
    F(lib, FT_Render_Glyph) \
    F(lib, FT_Select_Size) \
    F(lib, FT_Set_Char_Size) \
    F(lib, FT_Set_Transform)

#define TP_LAZY_HARFBUZZ(F, lib) \
    F(lib, hb_blob_create) \
    F(lib, hb_blob_create_from_file_or_fail) \
    F(lib, hb_blob_destroy) \
    F(lib, hb_blob_get_data) \
    F(lib, hb_blob_get_length) \
    F(lib, hb_buffer_add_utf8) \
    F(lib, hb_buffer_clear_contents) \
    F(lib, hb_buffer_create) \
    F(lib, hb_buffer_destroy) \
    F(lib, hb_buffer_get_glyph_infos) \
    F(lib, hb_buffer_get_glyph_positions) \
    F(lib, hb_buffer_guess_segment_properties) \
    F(lib, hb_buffer_set_direction) \
    F(lib, hb_buffer_set_language) \
    F(lib, hb_buffer_set_script) \
    F(lib, hb_face_collect_unicodes) \
    F(lib, hb_face_create) \
    F(lib, hb_face_destroy) \
    F(lib, hb_face_get_glyph_count) \
    F(lib, hb_face_get_upem) \
    F(lib, hb_face_reference_blob) \
    F(lib, hb_face_reference_table) \
    F(lib, hb_font_create) \
    F(lib, hb_font_destroy) \
    F(lib, hb_font_get_glyph_extents) \
    F(lib, hb_font_get_h_extents) \
    F(lib, hb_font_set_scale) \
    F(lib, hb_language_from_string) \
    F(lib, hb_ot_layout_has_positioning) \
    F(lib, hb_ot_layout_has_substitution) \
    F(lib, hb_ot_name_get_utf8) \
    F(lib, hb_set_add) \
    F(lib, hb_set_clear) \
    F(lib, hb_set_create) \
    F(lib, hb_set_destroy) \
    F(lib, hb_set_invert) \
    F(lib, hb_set_next) \
    F(lib, hb_shape) \
    F(lib, hb_unicode_funcs_get_default) \
    F(lib, hb_unicode_script)

#define TP_LAZY_FONTCONFIG(F, lib) \
    F(lib, FcCharSetFirstPage) \
    F(lib, FcCharSetNextPage) \
    F(lib, FcConfigDestroy) \
    F(lib, FcConfigSubstitute) \
    F(lib, FcDefaultSubstitute) \
    F(lib, FcFontSetDestroy) \
    F(lib, FcFontSort) \
    F(lib, FcInitLoadConfigAndFonts) \
    F(lib, FcNameParse) \
    F(lib, FcPatternAddString) \
    F(lib, FcPatternCreate) \
    F(lib, FcPatternDestroy) \
    F(lib, FcPatternGetBool) \
    F(lib, FcPatternGetCharSet) \
    F(lib, FcPatternGetInteger) \
    F(lib, FcPatternGetString)

#define TP_LAZY_JPEG(F, lib) \
    F(lib, jpeg_CreateCompress) \
    F(lib, jpeg_CreateDecompress) \
    F(lib, jpeg_copy_critical_parameters) \
    F(lib, jpeg_crop_scanline) \
    F(lib, jpeg_destroy_compress) \
    F(lib, jpeg_destroy_decompress) \
    F(lib, jpeg_finish_compress) \
    F(lib, jpeg_finish_decompress) \
    F(lib, jpeg_has_multiple_scans) \
    F(lib, jpeg_mem_dest) \
    F(lib, jpeg_mem_src) \
    F(lib, jpeg_read_coefficients) \
    F(lib, jpeg_read_header) \
    F(lib, jpeg_read_icc_profile) \
    F(lib, jpeg_read_scanlines) \
    F(lib, jpeg_resync_to_restart) \
    F(lib, jpeg_save_markers) \
    F(lib, jpeg_set_defaults) \
    F(lib, jpeg_set_quality) \
    F(lib, jpeg_skip_scanlines) \
    F(lib, jpeg_start_compress) \
    F(lib, jpeg_start_decompress) \
    F(lib, jpeg_std_error) \
    F(lib, jpeg_write_coefficients) \
    F(lib, jpeg_write_icc_profile) \
    F(lib, jpeg_write_scanlines)

#define TP_LAZY_PNG(F, lib) \
    F(lib, png_create_info_struct) \
    F(lib, png_create_read_struct) \
    F(lib, png_create_write_struct) \
    F(lib, png_destroy_read_struct) \
    F(lib, png_destroy_write_struct) \
    F(lib, png_error) \
    F(lib, png_get_IHDR) \
    F(lib, png_get_bit_depth) \
    F(lib, png_get_channels) \
    F(lib, png_get_error_ptr) \
    F(lib, png_get_iCCP) \
    F(lib, png_get_io_ptr) \
    F(lib, png_get_rowbytes) \
    F(lib, png_get_valid) \
    F(lib, png_longjmp) \
    F(lib, png_read_end) \
    F(lib, png_read_image) \
    F(lib, png_read_info) \
    F(lib, png_read_row) \
    F(lib, png_read_update_info) \
    F(lib, png_set_IHDR) \
    F(lib, png_set_benign_errors) \
    F(lib, png_set_compression_level) \
    F(lib, png_set_expand_gray_1_2_4_to_8) \
    F(lib, png_set_filter) \
    F(lib, png_set_gray_to_rgb) \
    F(lib, png_set_iCCP) \
    F(lib, png_set_interlace_handling) \
    F(lib, png_set_longjmp_fn) \
    F(lib, png_set_option) \
    F(lib, png_set_pHYs) \
    F(lib, png_set_palette_to_rgb) \
    F(lib, png_set_read_fn) \
    F(lib, png_set_scale_16) \
    F(lib, png_set_tRNS_to_alpha) \
    F(lib, png_set_user_limits) \
    F(lib, png_set_write_fn) \
    F(lib, png_write_end) \
    F(lib, png_write_info) \
    F(lib, png_write_row)

#define TP_LAZY_WEBP(F, lib) \
    F(lib, WebPConfigInitInternal) \
    F(lib, WebPDecode) \
    F(lib, WebPEncode) \
    F(lib, WebPFree) \
    F(lib, WebPFreeDecBuffer) \
    F(lib, WebPGetFeaturesInternal) \
    F(lib, WebPInitDecoderConfigInternal) \
    F(lib, WebPMemoryWrite) \
    F(lib, WebPMemoryWriterClear) \
    F(lib, WebPMemoryWriterInit) \
    F(lib, WebPPictureFree) \
    F(lib, WebPPictureImportRGB) \
    F(lib, WebPPictureImportRGBA) \
    F(lib, WebPPictureInitInternal)

#define TP_LAZY_WEBPDEMUX(F, lib) \
    F(lib, WebPDemuxDelete) \
    F(lib, WebPDemuxGetChunk) \
    F(lib, WebPDemuxInternal) \
    F(lib, WebPDemuxReleaseChunkIterator)

#define TP_LAZY_WEBPMUX(F, lib) \
    F(lib, WebPMuxAssemble) \
    F(lib, WebPMuxDelete) \
    F(lib, WebPMuxSetChunk) \
    F(lib, WebPMuxSetImage) \
    F(lib, WebPNewInternal)

#endif
